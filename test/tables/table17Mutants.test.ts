/**
 * Table 17 (reference judgments crossed with reference times, K.1) against a hand computation and a
 * second implementation of its intervals (test/tables/handDraws.ts: the same draws, percentiles by
 * sorting). synthetic-small, sysX attempt 1, judge J1 (per task values in handDraws.ts):
 *   cell (s, t)       G        C       E     S        NVJ = (G - C) / E   TSJ = S / E
 *   (eo, eo)          52       1.1625  .25   1.025    203.35              4.1
 *   (wai, eo)         47.5     1.1625  .25   .9125    185.35              3.65
 *   (eo, wai)         42.125   1.1625  .25   .7875    163.85              3.15
 *   (wai, wai)        37.625   1.1625  .25   .675     145.85              2.7
 * e.g. G(eo, eo) = .15 (2 x 50)/2 + .45 (1 x 20)/2 + .4 (5 x 40)/2 = 7.5 + 4.5 + 40 = 52 (A1, B1, C1 credited).
 */
import { afterEach, describe, expect, test } from 'vitest';
import { loadDataset } from '../../kernel-lib/data/load.ts';
import { table17, crossingCells, CROSSINGS } from '../../kernel-lib/tables/table17.ts';
import { clearWarnings, onWarning } from '../../kernel-lib/warn.ts';
import { SMALL, columns } from '../helpers/dataset.ts';
import { SMALL_TASKS, drawsByHand, expectNvjTsjIntervals, type HandTask } from './handDraws.ts';

onWarning(null);
afterEach(() => clearWarnings());

const CELLS: [keyof HandTask, keyof HandTask][] = [['yEo', 'eo'], ['yWai', 'eo'], ['yEo', 'wai'], ['yWai', 'wai']];
const perTask = (t: HandTask) => CELLS.flatMap(([y, h]) => {
  const Y = t[y] as number, H = t[h] as number;
  return [Y * H * t.wage, t.C, t.E, Y * (H - t.L)];
});

describe('Table 17 by hand (synthetic-small)', () => {
  test('four cells in the paper\'s order with NVJ and TSJ from the hand table; no interval with the bootstrap off', () => {
    expect(CROSSINGS).toEqual([['expert_only', 'expert_only'], ['expert_with_ai', 'expert_only'], ['expert_only', 'expert_with_ai'], ['expert_with_ai', 'expert_with_ai']]);
    const t = columns(table17({ dataset: loadDataset(SMALL), bootstrap: false }), 10);
    expect(t.judgment_reference).toEqual(['expert_only', 'expert_with_ai', 'expert_only', 'expert_with_ai']);
    expect(t.time_reference).toEqual(['expert_only', 'expert_only', 'expert_with_ai', 'expert_with_ai']);
    expect(t.nvj).toEqual([203.35, 185.35, 163.85, 145.85]);
    expect(t.tsj).toEqual([4.1, 3.65, 3.15, 2.7]);
    for (const k of ['nvj_lo', 'nvj_hi', 'tsj_lo', 'tsj_hi']) expect(t[k]).toEqual([null, null, null, null]);
  });

  test('crossingCells: each cell evaluated under its own references, null draws with the bootstrap off', () => {
    const { cells, draws } = crossingCells({ dataset: loadDataset(SMALL), bootstrap: false });
    expect(draws).toBeNull();
    expect(cells.map((c) => [c.components.judgmentReference, c.components.timeReference])).toEqual(CROSSINGS);
    expect(cells.map((c) => c.benchmark.valueUSD)).toEqual([52, 47.5, 42.125, 37.625].map((v) => expect.closeTo(v, 10)));
  });
});

describe('Table 17 intervals: a second implementation on the same draws', () => {
  test('each cell\'s NVJ and TSJ interval equals the one from the definition and holds its point', () => {
    const dataset = loadDataset(SMALL);
    const settings = { draws: 300, seed: 4 };
    const t = columns(table17({ dataset, bootstrap: settings }), 12);
    const d = drawsByHand(dataset, settings, SMALL_TASKS, perTask);
    expectNvjTsjIntervals(t, d, 4, 'cell', 'both');
  });
});
