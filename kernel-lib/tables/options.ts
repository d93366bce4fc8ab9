/**
 * One options object for every table builder, so that an author can vary any input (dataset, system,
 * judge, references, weights scheme, node rate, attempt policy, bootstrap draws and seed) and get
 * every table again. Every field but `dataset` may be left out: `resolveContext` (context.ts) fills
 * it, in that one place; builders work on the resolved context.
 */
import type { ComponentOptions } from '../metrics/taskComponents.ts';
import type { WeightScheme } from '../weights/schemes.ts';
import type { BootstrapOption } from '../uncertainty/tableBootstrap.ts';
import type { Noise } from '../uncertainty/noise.ts';

export type BinomialIntervalMethod = 'wilson' | 'wilson_corrected' | 'exact';

/** One node rate of Table 5's sweep: a provider's label and its USD per node-hour (Appendix G.1). */
export interface NodeRate {
  label: string;
  usdPerNodeHour: number;
}

export interface TableOptions extends ComponentOptions, BootstrapOption {
  /** Occupation weights; default the paper's GDP weights. */
  weights?: WeightScheme;
  /** Interval for Table 15's occupation win-tie rates; default wilson (QAIJ "Reliability intervals"). */
  winTieInterval?: BinomialIntervalMethod;
  /** Table 5's rates sweep (Appendix G.1); default none (no Table 5). */
  sweep?: readonly NodeRate[];
  /** Sources of noise the intervals cover beside task sampling; default none (uncertainty/noise.ts). */
  noise?: Partial<Noise>;
}
