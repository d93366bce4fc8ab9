/**
 * One options object for every table builder, so that an author can vary any input (dataset, system,
 * judge, references, weights scheme, node rate, attempt policy) and get every table again.
 */
import type { ComponentOptions } from '../metrics/taskComponents.ts';
import type { WeightScheme } from '../weights/schemes.ts';

export interface TableOptions extends ComponentOptions {
  /** Occupation weights; default the paper's GDP weights. */
  weights?: WeightScheme;
}
