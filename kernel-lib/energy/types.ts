/**
 * Shared shapes of the energy ingestion. Times are seconds on the trace's monotonic clock, relative to
 * the logger's start (`manifest.started.mono_ns`); energies are joules inside, megajoules only in
 * runs.csv (`energy_mj`, as in the paper's USD/MJ).
 */

/** Energy components, in the order of every per-component array. */
export const COMPONENTS = ['gpu', 'cpu', 'dram'] as const;
export type Component = (typeof COMPONENTS)[number];

/** Validity reason codes written in runs.csv `validity` (joined by `;`; `ok` when none). */
export type ReasonCode =
  | 'unbracketed' // a source's samples do not cover the whole window
  | 'gap' // an interval between two samples longer than the gap limit overlaps the window
  | 'counter-reset' // an NVML energy counter decreased inside the window (that interval counts zero)
  | 'ambiguous-wrap' // a RAPL interval long enough to hold more than one wrap at the power ceiling
  | 'unmatched-mark' // a start without an end (closed at the trace end) or an end without a start, of the run or of a setup serving it
  | 'nested-mark' // a second start or end for the same id (the run's or a serving setup's)
  | 'outside-trace' // the window does not overlap the trace at all
  | 'missing-samples'; // a source recorded unreadable (NA) values inside the window

/** Flag bits carried per device and segment. */
export const FLAG = { gap: 1, 'counter-reset': 2, 'ambiguous-wrap': 4, 'missing-samples': 8 } as const;

export interface Window {
  id: string;
  /** start and end in trace seconds; `end` is Infinity for a start without an end until the trace end is known */
  startS: number;
  endS: number;
  attrs: { task_id: string; system: string; attempt: string; gpus: string; batch: string };
  reasons: Set<ReasonCode>;
}
