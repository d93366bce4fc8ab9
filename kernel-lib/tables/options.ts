/**
 * One options object for every table builder, so that an author can vary any input (dataset, system,
 * judge, references, weights scheme, node rate, attempt policy, bootstrap draws and seed) and get
 * every table again.
 */
import type { ComponentOptions } from '../metrics/taskComponents.ts';
import type { WeightScheme } from '../weights/schemes.ts';
import type { BootstrapOption } from '../uncertainty/tableBootstrap.ts';

export type BinomialIntervalMethod = 'wilson' | 'wilson_corrected' | 'exact';

export interface TableOptions extends ComponentOptions, BootstrapOption {
  /** Occupation weights; default the paper's GDP weights. */
  weights?: WeightScheme;
  /** Interval for Table 15's occupation win-tie rates; default wilson (QAIJ "Reliability intervals"). */
  winTieInterval?: BinomialIntervalMethod;
}
