/**
 * A reproduced number beside the published one, with a status:
 *   exact            the reproduced value, rounded to the printed decimals, prints as published
 *   within tolerance |reproduced - published| <= tolerance (default: 1% of |published|, and never
 *                    less than one unit in the last printed digit)
 *   off              neither
 *   not published    the paper prints no such number (the reproduced value is shown alone)
 *   not reproduced   the paper prints it, the dataset cannot give it
 *   differs from the paper
 *                    the value was computed under a scenario that differs from the paper's in a field
 *                    it depends on (tables/paperScenario.ts): it is not compared, and `reason` says why
 *                    in the words every surface uses ("differs from the paper because you changed
 *                    weights (employment)"); never "off"
 * `byConstruction` marks values that a reconstructed dataset was built to hit: they check the
 * reconstruction, not the paper, so an `off` there does not fail reproduce.
 */
import { printedDecimals } from '../published/lookup.ts';

export type CheckStatus = 'exact' | 'within tolerance' | 'off' | 'not published' | 'not reproduced' | 'differs from the paper';

export interface Comparison {
  table: string;
  row: string;
  column: string;
  reproduced: number | null;
  published: number | null;
  /** the number as printed, "0.430" */
  printed: string | null;
  status: CheckStatus;
  /** reproduced - published */
  difference: number | null;
  byConstruction: boolean;
  /** for `differs from the paper`: why, in differsWords' words */
  reason?: string;
}

export interface Tolerance {
  /** relative tolerance, a fraction of |published|; default 0.01 */
  relative?: number;
}

/**
 * Status of one reproduced value against one published value.
 * @example checkStatus(0.4302, 0.43, '0.430') // => 'exact'
 * @example checkStatus(0.433, 0.43, '0.430') // => 'within tolerance'
 * @example checkStatus(0.5, 0.43, '0.430') // => 'off'
 */
export function checkStatus(reproduced: number | null, published: number | null, printed: string | null, tolerance: Tolerance = {}): CheckStatus {
  if (published === null) return 'not published';
  if (reproduced === null || !Number.isFinite(reproduced)) return 'not reproduced';
  const d = printedDecimals(printed ?? String(published));
  if (Number(reproduced.toFixed(d)) === Number(published.toFixed(d))) return 'exact';
  const unit = 10 ** -d;
  const tol = Math.max((tolerance.relative ?? 0.01) * Math.abs(published), unit);
  return Math.abs(reproduced - published) <= tol + 1e-12 ? 'within tolerance' : 'off';
}

/** Checks that fail reproduce: off, and not by construction. */
export function failingChecks(rows: readonly Comparison[]): Comparison[] {
  return rows.filter((r) => r.status === 'off' && !r.byConstruction);
}

export function statusCounts(rows: readonly Comparison[]): Record<CheckStatus, number> {
  const out: Record<CheckStatus, number> = { exact: 0, 'within tolerance': 0, off: 0, 'not published': 0, 'not reproduced': 0, 'differs from the paper': 0 };
  for (const r of rows) out[r.status]++;
  return out;
}
