/**
 * groupMeanDraws keeps the columns it drew on a bootstrap (issue 27: Tables 17 and 18 share their cells,
 * 19, 20 and 21 their costs and energies) and gives them again without drawing: the same bits as a
 * fresh bootstrap object (no kept columns) draws them, alone or beside other columns, for other
 * weights or groups a column is drawn again, and what it returns is a copy (a caller's sort leaves
 * the kept draws as they were).
 */
import { describe, expect, test } from 'vitest';
import { taskBootstrap } from '../../kernel-lib/uncertainty/taskBootstrap.ts';
import { groupMeanDraws } from '../../kernel-lib/uncertainty/groupMeanDraws.ts';
import { createRng } from '../../kernel-lib/random/prng.ts';

// 3 occupations of 7, 2 and 12 tasks (slot path) and a shape of at most 5 (multiset path)
const SHAPES: [Int32Array, number][] = [
  [Int32Array.from({ length: 21 }, (_, i) => (i < 7 ? 0 : i < 9 ? 1 : 2)), 3],
  [Int32Array.of(0, 0, 1, 1, 1, 2, 3, 3), 4],
];

function column(n: number, seed: number): Float64Array {
  const rng = createRng(seed);
  return Float64Array.from({ length: n }, () => rng.next());
}

describe('drawn columns kept per bootstrap', () => {
  test.each(SHAPES)('a column drawn again equals a fresh draw bit for bit, beside any other columns', (occ, O) => {
    const n = occ.length;
    const [a, b, c] = [column(n, 1), column(n, 2), column(n, 3)];
    const weights = Float64Array.from({ length: O }, (_, o) => 1 + o);
    const groupOf = Int32Array.from({ length: O }, (_, o) => o % 2);
    const settings = { draws: 300, seed: 11 };
    const boot = taskBootstrap(occ, O, settings);
    const first = groupMeanDraws(boot, [a, b], weights, groupOf, 2);
    const second = groupMeanDraws(boot, [b.slice(), c], weights, groupOf, 2); // b kept (by value), c drawn
    const fresh = groupMeanDraws(taskBootstrap(occ, O, settings), [c, b], weights, groupOf, 2);
    expect(second[0]).toEqual(fresh[1]); // toEqual: Object.is on every draw
    expect(second[1]).toEqual(fresh[0]);
    expect(second[0]).toEqual(first[1]);
    // other weights: drawn again, not the kept draws
    const heavier = Float64Array.from(weights, (w, o) => (o === 0 ? 5 * w : w));
    const other = groupMeanDraws(boot, [b], heavier, groupOf, 2);
    expect(other).toEqual(groupMeanDraws(taskBootstrap(occ, O, settings), [b], heavier, groupOf, 2));
    expect(other[0][0]).not.toEqual(first[1][0]);
  });

  test('what is returned is a copy: sorting it leaves the kept draws unchanged', () => {
    const [occ, O] = SHAPES[0];
    const boot = taskBootstrap(occ, O, { draws: 50, seed: 3 });
    const x = column(occ.length, 9);
    const weights = Float64Array.of(1, 1, 1);
    const [[before]] = groupMeanDraws(boot, [x], weights, new Int32Array(O), 1);
    const kept = before.slice();
    before.sort();
    const [[again]] = groupMeanDraws(boot, [x], weights, new Int32Array(O), 1);
    expect(again).toEqual(kept);
    expect(again).not.toBe(before);
  });
});
