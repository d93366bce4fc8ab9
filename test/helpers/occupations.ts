/**
 * Test helper: task i's occupation for occupations of `sizes` tasks, the tasks of each occupation
 * spread by a seeded shuffle (a linear congruential generator), so that a bootstrap's `order` is not
 * the identity (slot kernel tests).
 */
export function shuffledOccupationIndex(sizes: number[], shuffle: number): Int32Array {
  const occ = sizes.flatMap((n, o) => Array<number>(n).fill(o));
  let s = shuffle >>> 0;
  for (let i = occ.length - 1; i > 0; i--) {
    s = (Math.imul(s, 1664525) + 1013904223) >>> 0;
    const j = s % (i + 1);
    [occ[i], occ[j]] = [occ[j], occ[i]];
  }
  return Int32Array.from(occ);
}
