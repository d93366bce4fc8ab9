/**
 * Judgments of the reconstruction: the main judge's outcomes follow the win patterns (a win or tie is
 * split into win and tie by the generator); the two other judges and the human review are built so
 * that the published agreement counts come out exactly (Table 2, Appendix D.1).
 *
 * Table 2 is met the same way against each reference: over the N judged primary-system runs of one
 * reference, with pattern counts n_XY (X: Haiku's outcome relative to Gemini's, Y: GPT-5 mini's;
 * E equal, T same win-or-tie class but a different outcome, B the other class):
 *   exact(G,H) = n_E*, binary(G,H) = n_E* + n_T*, exact(G,P) = n_*E, binary(G,P) = n_*E + n_*T,
 *   exact(H,P) = n_EE + n_BB (BB with the same outcome), binary(H,P) = that + n_ET + n_TE.
 * With n_TT = 0 these determine every count (solved in `agreementDesign`).
 */
import type { Rng } from '../../kernel-lib/random/prng.ts';
import type { Published } from '../../kernel-lib/published/index.ts';
import { publishedValue, textClaim } from '../../kernel-lib/published/index.ts';
import { J2GError } from '../../kernel-lib/errors.ts';
import type { Outcome } from '../../kernel-lib/data/schema.ts';
import { choose } from './model.ts';

export type Rel = 'E' | 'T' | 'B';

/** Share of wins-or-ties that the main judge calls a tie (a generator choice). */
export const TIE_SHARE = 0.2;

/** Count of n comparisons whose percentage prints as `pct` (one decimal); throws when none does. */
export function countFor(pct: number, n: number): number {
  const k = Math.round((pct / 100) * n);
  if ((Math.round((1000 * k) / n) / 10).toFixed(1) !== pct.toFixed(1)) throw new J2GError(`no count of ${n} prints as ${pct}%`);
  return k;
}

/** Pattern counts n_XY over N comparisons that give Table 2's six percentages. */
export function agreementDesign(pub: Published, N: number): Map<string, number> {
  const v = (row: string, col: string) => countFor(publishedValue(pub, '2', row, col), N);
  const exGH = v('Gemini–Haiku', 'Exact agreement'), biGH = v('Gemini–Haiku', 'Binary win–tie agreement');
  const exGP = v('Gemini–GPT-5 mini', 'Exact agreement'), biGP = v('Gemini–GPT-5 mini', 'Binary win–tie agreement');
  const exHP = v('Haiku–GPT-5 mini', 'Exact agreement'), biHP = v('Haiku–GPT-5 mini', 'Binary win–tie agreement');
  const BB = (N - biGH - biGP + biHP) / 2;
  const EE = exHP - BB;
  const mixed = biHP - exHP; // ET + TE
  const TE = Math.floor(mixed / 2), ET = mixed - TE;
  const TB = biGH - exGH - TE, BT = biGP - exGP - ET;
  const EB = exGH - EE - ET, BE = exGP - EE - TE;
  const n = new Map<string, number>([['EE', EE], ['ET', ET], ['EB', EB], ['TE', TE], ['TT', 0], ['TB', TB], ['BE', BE], ['BT', BT], ['BB', BB]]);
  for (const [k, c] of n) if (!Number.isInteger(c) || c < 0) throw new J2GError(`Table 2 has no judge design over ${N} comparisons (${k} = ${c})`);
  return n;
}

/** Outcome of a judge in relation `rel` to the main judge's outcome `g`. */
export function related(g: Outcome, rel: Rel): Outcome {
  if (rel === 'E') return g;
  if (rel === 'T') return g === 'win' ? 'tie' : 'win';
  return g === 'loss' ? 'win' : 'loss';
}

/**
 * Assign Haiku and GPT-5 mini outcomes to N comparisons with main-judge outcomes `g`. Patterns with a
 * T need a win or tie from the main judge; they go to randomly chosen such comparisons first.
 */
export function otherJudges(rng: Rng, g: Outcome[], design: Map<string, number>): { haiku: Outcome[]; gpt: Outcome[] } {
  const N = g.length;
  const withT = ['ET', 'TE', 'TB', 'BT'];
  const tCount = withT.reduce((a, k) => a + design.get(k)!, 0);
  const winTie = g.map((o, i) => (o !== 'loss' ? i : -1)).filter((i) => i >= 0);
  if (winTie.length < tCount) throw new J2GError(`too few wins or ties (${winTie.length}) for ${tCount} tie-class disagreements`);
  const order = choose(rng, winTie.length, tCount).map((j) => winTie[j]);
  const pattern: string[] = new Array(N).fill('');
  let p = 0;
  for (const k of withT) for (let c = 0; c < design.get(k)!; c++) pattern[order[p++]] = k;
  const rest: string[] = [];
  for (const k of ['EE', 'EB', 'BE', 'BB']) for (let c = 0; c < design.get(k)!; c++) rest.push(k);
  const free = pattern.map((v, i) => (v === '' ? i : -1)).filter((i) => i >= 0);
  const perm = choose(rng, free.length, free.length);
  // shuffle `rest` over the free comparisons
  for (let a = rest.length - 1; a > 0; a--) {
    const b = rng.int(a + 1);
    [rest[a], rest[b]] = [rest[b], rest[a]];
  }
  perm.forEach((j, q) => (pattern[free[j]] = rest[q]));
  const haiku = g.map((o, i) => related(o, pattern[i][0] as Rel));
  const gpt = g.map((o, i) => related(o, pattern[i][1] as Rel));
  return { haiku, gpt };
}

/** Human review: `n` comparisons, `agree` of them with the main judge's win-or-tie decision. */
export function humanReview(rng: Rng, pub: Published, candidates: number): { picks: number[]; agree: Set<number> } {
  const n = textClaim(pub, 'D.1.expert_agree_n').value;
  const k = textClaim(pub, 'D.1.expert_agree_k').value;
  const picks = choose(rng, candidates, n);
  const agree = new Set(choose(rng, n, k).map((j) => picks[j]));
  return { picks, agree };
}
