/**
 * One audit check: a published number, the range its inputs' printed rounding allows, and a status.
 *
 * Rule: the published number is itself rounded, so it stands for fromPrinted(printed). A check passes
 * when that interval meets the recomputed range, i.e. some choice of true inputs (each within half its
 * last printed digit) gives a result that rounds to the published number. No other tolerance is used.
 */
import type { Published } from '../published/index.ts';
import type { Reference } from '../reference/index.ts';
import { fromPrinted, intersect, type Interval } from './interval.ts';

export type CheckStatus = 'pass' | 'fail' | 'known';

export interface CheckResult {
  /** stable id, e.g. `table14.nv_per_ai_usd.Legal`; KNOWN_DISCREPANCIES.md refers to it */
  id: string;
  /** name of the check function that produced it */
  check: string;
  /** what is compared, with its formula */
  label: string;
  /** the published number as printed; absent when the check tests a derived quantity (an implied rate) */
  printed?: string;
  /** the range the printed inputs allow */
  recomputed: Interval;
  status: CheckStatus;
  detail?: string;
}

export interface AuditInputs {
  pub: Published;
  ref: Reference;
}

/** Whether a printed number is consistent with a recomputed range (the rule above). */
export function consistent(printed: string, recomputed: Interval): boolean {
  return intersect(fromPrinted(printed), recomputed) !== null;
}

/** A check result comparing `printed` with `recomputed`. */
export function compare(check: string, id: string, label: string, printed: string, recomputed: Interval): CheckResult {
  return { id, check, label, printed, recomputed, status: consistent(printed, recomputed) ? 'pass' : 'fail' };
}
