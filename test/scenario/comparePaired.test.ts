/**
 * compareScenarios' paired intervals at hand-computed endpoints (#29: dropping 1/n_o from the
 * bootstrap's group factor moved compare's paired intervals, and no test there could see it: every
 * occupation of synthetic-small has two tasks, so ratios of group means do not change when every mean
 * doubles). A cost average is not a ratio: its endpoints are checked here.
 *
 * At $20/h instead of $10/h (synthetic-small's sysX has no node_hours: all its cost is node time)
 * every cost doubles, so a draw's difference in Cat1's AI cost is Cat1's cost mean in that draw:
 * occA resamples (A1, A1), (A1, A2), (A2, A2) with probabilities 1/4, 1/2, 1/4 and costs 1.0, 2.0,
 * so the mean is 1.0, 1.5 or 2.0, and with 400 draws the 2.5% and 97.5% percentiles are 1.0 and 2.0.
 */
import { describe, expect, test } from 'vitest';
import { loadDataset } from '../../kernel-lib/data/load.ts';
import { loadScenario } from '../../kernel-lib/scenario/files.ts';
import { compareScenarios } from '../../kernel-lib/scenario/compare.ts';
import { onWarning } from '../../kernel-lib/warn.ts';
import { SMALL } from '../helpers/dataset.ts';

onWarning(() => {});
const ds = loadDataset(SMALL);
const side = (s: object) => loadScenario({ dataset: SMALL, draws: 400, ...s }, { dataset: ds });

describe('compareScenarios paired intervals by hand', () => {
  test('doubling the node rate: Cat1 AI cost rises by 1.5 USD, paired interval [1.0, 2.0]', () => {
    const c = compareScenarios(side({}), side({ rates: { nodeRateUSDPerHour: 20 } }));
    const x = c.cells.find((v) => v.table === 'table13' && v.row === 'Cat1' && v.column === 'ai_cost_usd')!;
    expect(x.difference).toBeCloseTo(1.5, 12);
    expect(x.lo).toBeCloseTo(1.0, 12);
    expect(x.hi).toBeCloseTo(2.0, 12);
  });
});
