/**
 * scripts/mutation/recorded.ts: the scores read from the committed mutation records, and which
 * recorded mutants a later change made stale. Oracles: line diffs worked by hand, and a brute-force
 * LCS (every subsequence of short texts) for the property that the lines left unchanged are a common
 * subsequence of greatest length.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { changedLines, percent, recordedScore } from '../../scripts/mutation/recorded.ts';

const at = (status: string, start: number, end = start) => ({ status, location: { start: { line: start }, end: { line: end } } });

/** The length of a longest common subsequence of a and b by trying every subsequence of a (short a only). */
function lcsByBruteForce(a: string[], b: string[]): number {
  let best = 0;
  for (let mask = 0; mask < 1 << a.length; mask++) {
    const sub = a.filter((_, i) => mask & (1 << i));
    let j = 0;
    for (const line of b) if (j < sub.length && line === sub[j]) j++;
    if (j === sub.length) best = Math.max(best, sub.length);
  }
  return best;
}

describe('changedLines names the recorded lines a change removed or rewrote', () => {
  it('by hand: a line rewritten, a line inserted, a line deleted', () => {
    expect([...changedLines('a\nb\nc', 'a\nB\nc')]).toEqual([2]);
    expect([...changedLines('a\nb\nc', 'a\nx\nb\nc')]).toEqual([]); // an insertion changes no recorded line
    expect([...changedLines('a\nb\nc\nd', 'a\nc\nd')]).toEqual([2]);
    expect([...changedLines('same', 'same')]).toEqual([]);
    expect([...changedLines('a\nb', '')].sort()).toEqual([1, 2]);
  });

  it('keeps a longest common subsequence: the unchanged lines number the brute-force LCS (300 pairs of short texts)', () => {
    const text = fc.array(fc.constantFrom('a', 'b', 'c'), { maxLength: 7 });
    fc.assert(fc.property(text, text, (a, b) => {
      const changed = changedLines(a.join('\n'), b.join('\n'));
      // an empty array joins to '', which splits into one empty line
      const lines = a.length ? a : [''];
      const other = b.length ? b : [''];
      expect(lines.length - changed.size).toBe(lcsByBruteForce(lines, other));
      // and the kept lines, in order, are a subsequence of the new text
      const kept = lines.filter((_, i) => !changed.has(i + 1));
      let j = 0;
      for (const line of other) if (j < kept.length && line === kept[j]) j++;
      expect(j).toBe(kept.length);
    }), { numRuns: 300, seed: 29 });
  });
});

describe('recordedScore counts as npm run mutation does', () => {
  it('killed and timeout over killed + timeout + survived + no coverage; ignored and errors left out', () => {
    const s = recordedScore([at('Killed', 1), at('Timeout', 2), at('Survived', 3), at('NoCoverage', 4), at('Ignored', 5), at('CompileError', 6), at('RuntimeError', 7)]);
    expect(s).toEqual({ mutants: 4, killed: 2, survived: 1, noCoverage: 1, stale: 0 });
    expect(percent(s)).toBe('50.0');
    expect(percent(recordedScore([]))).toBe('-');
  });

  it('a mutant is stale when any of its lines changed, counted once', () => {
    const changed = new Set([3, 4]);
    const s = recordedScore([at('Killed', 1, 2), at('Killed', 2, 5), at('Survived', 4), at('Ignored', 3)], changed);
    expect(s.stale).toBe(2); // lines 2-5 and line 4; the ignored one is not counted at all
    expect(s.mutants).toBe(3);
  });
});
