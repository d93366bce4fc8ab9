/**
 * kernel-lib/scenario/pairedCells.ts through compareScenarios (issue #29): a draw whose statistic is not
 * finite on a side (a resample of tasks with no energy: NVJ = (G - C) / 0) is left out of the paired
 * percentile interval, as pairedDifferences' comment says; the draws that are finite give the interval.
 * A dataset refuses a run of no energy, but not one of no cost and no time: on a copy of synthetic-small
 * where sysX's first attempts at A1, B1 and C2 (one task of each occupation) cost nothing and take no
 * time, a resample that draws only those tasks in every occupation (probability (1/4)^3 = 1/64, about 6
 * of 400 draws) has C~ = L~ = 0, so (G~ - C~) / C~ and (G~ - C~) / L~ are infinite on both sides and
 * their difference NaN. Oracle: a property (the interval is finite and holds the full sample's
 * difference), since any such draw kept would make an endpoint infinite or NaN.
 */
import { describe, expect, test } from 'vitest';
import { loadScenario } from '../../kernel-lib/scenario/files.ts';
import { compareScenarios } from '../../kernel-lib/scenario/compare.ts';
import { onWarning } from '../../kernel-lib/warn.ts';
import { editedDataset } from '../helpers/dataset.ts';

onWarning(() => {});

describe('paired intervals leave out the draws whose statistic is not finite', () => {
  test("sysX's first attempts at A1, B1 and C2 free and instant: the draws that resample only those tasks have no cost or time, their NVs per AI dollar and per AI hour are left out, and the intervals are finite around the point", () => {
    const free = { xA1a1: 'xA1a1,A1,sysX,1,0,0,0.2', xB1a1: 'xB1a1,B1,sysX,1,0,0,0.1', xC2a1: 'xC2a1,C2,sysX,1,0,0,0.3' };
    const dir = editedDataset({ 'runs.csv': (t) => t.split('\n').map((l) => free[l.split(',')[0] as keyof typeof free] ?? l).join('\n') });
    const side = (s: object) => loadScenario({ dataset: dir, draws: 400, ...s });
    const c = compareScenarios(side({}), side({ rates: { nodeRateUSDPerHour: 20 } }));
    for (const column of ['nv_per_ai_usd', 'nv_per_ai_hour']) {
      const x = c.cells.find((v) => v.table === 'table01' && v.row === 'sysX' && v.column === column)!;
      expect(Number.isFinite(x.difference), column).toBe(true);
      expect(Number.isFinite(x.lo) && Number.isFinite(x.hi), `${column} [${x.lo}, ${x.hi}]`).toBe(true);
      expect(x.lo!, column).toBeLessThanOrEqual(x.difference!);
      expect(x.hi!, column).toBeGreaterThanOrEqual(x.difference!);
    }
  });
});
