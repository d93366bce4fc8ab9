/**
 * The stand-in IPW run (data/imports/standin-two-runs-ipw) beside the power-log trace of the same batch.
 *
 * Oracle, by hand from data/traces/standin-two-runs/marks.csv: 700 W in total (two GPUs at 350 W);
 * a runs 3.273564984 s, b 2.961051286 s, overlapping 903918950506 - 902377819603 ns = 1.541130903 s.
 * IPW charges a 700 W x 3.273564984 s = 2291.495 J; eq. (2.3) charges a 700 W x (3.273564984 -
 * 1.541130903) s + 350 W x 1.541130903 s = 1752.100 J; the difference is 350 W x 1.541130903 s =
 * 539.396 J for each run, 1078.792 J for the two.
 */
import { describe, expect, it } from 'vitest';
import { importBesideTrace, importIpwRun } from '../../kernel-lib/import/index.ts';
import { onWarning } from '../../kernel-lib/warn.ts';

onWarning(null);

// Built inside each test, not when the file is collected: code run at collection is "static" to
// Stryker's per-test coverage, and each of its mutants then reruns every test of the folder (#29).
function imported() {
  const { runs, summary } = importBesideTrace(importIpwRun('data/imports/standin-two-runs-ipw'), 'data/traces/standin-two-runs');
  return { rows: runs.objects() as Record<string, number | string>[], summary };
}

describe('importBesideTrace', () => {
  it('the IPW import equals the trace\'s whole-device column, run by run', () => {
    const { rows } = imported();
    for (const r of rows) expect(r.energy_mj_import).toBeCloseTo(r.energy_ipw_mj_trace as number, 9);
    expect(rows.map((r) => r.energy_mj_import)).toEqual([0.002291495, 0.002072736]);
    expect(rows.map((r) => r.ai_hours_import)).toEqual(rows.map((r) => r.ai_hours_trace));
  });

  it('each run is charged the other GPU during the overlap: 350 W x 1.541130903 s more than its eq. (2.3) share', () => {
    const { rows, summary } = imported();
    const overlapJ = 350 * 1.541130903;
    expect(rows.map((r) => r.run_id)).toEqual(['a', 'b']);
    for (const r of rows) expect((r.double_counted_mj as number) * 1e6).toBeCloseTo(overlapJ, 0); // runs.csv keeps 1 mJ
    expect(rows[0].energy_running_mj_trace as number * 1e6).toBeCloseTo(700 * (3.273564984 - 1.541130903) + overlapJ, 0);
    expect(summary.double_counted_mj * 1e6).toBeCloseTo(2 * overlapJ, 0);
    expect(rows.every((r) => r.validity_import === 'concurrent-whole-device')).toBe(true);
  });
});
