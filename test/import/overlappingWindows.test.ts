/**
 * overlappingWindows against the pairwise definition (oracle: two windows overlap when
 * min(end) - max(start) > 0), on seeded random windows with ties and zero-length windows.
 */
import { describe, expect, it } from 'vitest';
import { overlappingWindows } from '../../kernel-lib/import/index.ts';

function pairwise(s: number[], e: number[]): number[] {
  const hit: number[] = [];
  for (let i = 0; i < s.length; i++) {
    for (let j = 0; j < s.length; j++) {
      if (i !== j && Math.min(e[i], e[j]) - Math.max(s[i], s[j]) > 0) { hit.push(i); break; }
    }
  }
  return hit;
}

describe('overlappingWindows', () => {
  it('equals the pairwise definition on 500 seeded random sets of windows', () => {
    let seed = 17;
    const rand = () => ((seed = (seed * 1103515245 + 12345) % 2 ** 31) / 2 ** 31);
    for (let t = 0; t < 500; t++) {
      const n = 1 + Math.floor(rand() * 8);
      const s = Array.from({ length: n }, () => Math.floor(rand() * 10));
      const e = s.map((x) => x + Math.floor(rand() * 4)); // integer grid: ties, touching ends, zero lengths
      expect(overlappingWindows(s, e), JSON.stringify([s, e])).toEqual(pairwise(s, e));
    }
  });

  it('nested windows overlap, touching windows and zero-length windows do not', () => {
    expect(overlappingWindows([0, 2, 10, 11, 13], [10, 3, 11, 11, 14])).toEqual([0, 1]);
  });
});
