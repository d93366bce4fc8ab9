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
  | 'counter-reset' // a counter decreased inside the window and it was not a wrap (NVML never wraps; a RAPL decrease whose wrap would need more than the power ceiling): that interval counts zero
  | 'ambiguous-wrap' // a RAPL interval long enough to hold more than one wrap at the power ceiling
  | 'implausible-power' // a sample or counter step above the device's power ceiling (not used: the interval counts as missing)
  | 'zero-length' // the run's start and end marks carry the same instant: no time, no energy
  | 'skipped-line' // a truncated or garbled line of a trace file lies within the window (skipped, listed in the summary)
  | 'allocation-uncertain' // another run's or a setup's marks are unmatched or nested: the execution window, and so this run's share of idle node time (T0), rest on a guess
  | 'sampler-died' // the logger recorded that a sampler exited before `stop`, at or before the window's end
  | 'unmatched-mark' // a start without an end (closed at the trace end) or an end without a start, of the run or of a setup serving it
  | 'nested-mark' // a second start or end for the same id (the run's or a serving setup's)
  | 'outside-trace' // the window does not overlap the trace at all
  | 'missing-samples' // a source recorded unreadable (NA) values inside the window
  | 'stand-in' // the trace was recorded on power-log's stand-in devices (--stand-in): no GPU was measured, the energy is made up
  | 'meter-disagreement' // the GPU's two meters (energy counter and power series) disagree by more than the cross-check tolerance over the window (energy/crossCheck.ts)
  | 'duplicate-timestamp'; // two different samples of one device carry the same instant inside the window (which one held is unknown)

/** Flag bits carried per device and segment. */
export const FLAG = { gap: 1, 'counter-reset': 2, 'ambiguous-wrap': 4, 'missing-samples': 8, 'implausible-power': 16, 'duplicate-timestamp': 32 } as const;

export interface Window {
  id: string;
  /** start and end in trace seconds; `end` is Infinity for a start without an end until the trace end is known */
  startS: number;
  endS: number;
  attrs: { task_id: string; system: string; attempt: string; gpus: string; batch: string };
  reasons: Set<ReasonCode>;
}

/** A line of a trace file that was skipped (truncated, garbled); [fromS, toS] is where it lies in time. */
export interface SkippedLine {
  file: string;
  line: number;
  message: string;
  /** trace seconds of the nearest good records before and after it in the file (-Infinity / Infinity at the ends) */
  fromS: number;
  toS: number;
}
