/**
 * Judge agreement (Joules-to-GDP D.1, Table 2): over the comparisons (run, reference) judged by both
 * judges, exact agreement = share with the same outcome (win / tie / loss) and binary agreement =
 * share with the same win-or-tie vs loss decision, both in percent; `pairs` is the number of shared
 * comparisons. Also the repeated-output agreement (D.1 "Repeated-output agreement"): over the tasks
 * whose attempts 1 and 2 on one system are both judged by one judge against one reference, the share
 * of tasks whose two outputs get the same decision (paper: 171 of 220, 77.7%).
 * Throws "judgeAgreement requires shared judgments: a, b" when the judges share no comparison.
 * @example judgeAgreement([{ key: 'r1', outcome: 'win' }], [{ key: 'r1', outcome: 'tie' }]) // => { exactPct: 0, binaryPct: 100, pairs: 1 }
 */
import { J2GError } from '../errors.ts';
import type { Outcome } from '../data/schema.ts';

export interface Agreement {
  /** percent of shared comparisons with the same win/tie/loss outcome */
  exactPct: number;
  /** percent with the same win-or-tie vs loss decision */
  binaryPct: number;
  /** number of shared comparisons */
  pairs: number;
}

const winTie = (o: Outcome) => o !== 'loss';
const OUTCOMES = new Set<unknown>(['win', 'tie', 'loss']);

/** Agreement of two aligned lists of outcomes (same comparison at the same position). */
export function outcomeAgreement(a: Outcome[], b: Outcome[]): Agreement {
  if (a.length !== b.length) throw new J2GError('outcomeAgreement requires aligned outcomes');
  if (a.length === 0) throw new J2GError('outcomeAgreement requires at least one pair');
  for (const list of [a, b]) for (let i = 0; i < list.length; i++) {
    if (!OUTCOMES.has(list[i])) throw new J2GError(`outcomeAgreement requires outcomes win, tie or loss: ${JSON.stringify(list[i])} at position ${i}`);
  }
  let exact = 0, binary = 0;
  for (let i = 0; i < a.length; i++) {
    if (a[i] === b[i]) exact++;
    if (winTie(a[i]) === winTie(b[i])) binary++;
  }
  return { exactPct: (100 * exact) / a.length, binaryPct: (100 * binary) / a.length, pairs: a.length };
}

/**
 * outcomeAgreement from counts of outcome pairs (`n` comparisons where the first said `a`, the second
 * `b`): the same integers and the same divisions, so the same numbers as over the expanded lists.
 * @example agreementOfCounts([{ a: 'win', b: 'win', n: 3 }, { a: 'win', b: 'tie', n: 1 }]) // => { exactPct: 75, binaryPct: 100, pairs: 4 }
 */
export function agreementOfCounts(counts: readonly { a: Outcome; b: Outcome; n: number }[]): Agreement {
  let exact = 0, binary = 0, pairs = 0;
  for (const { a, b, n } of counts) {
    if (!OUTCOMES.has(a) || !OUTCOMES.has(b)) throw new J2GError(`agreementOfCounts requires outcomes win, tie or loss: ${JSON.stringify(a)}, ${JSON.stringify(b)}`);
    if (!Number.isSafeInteger(n) || n < 0) throw new J2GError(`agreementOfCounts requires counts that are integers >= 0: ${n}`);
    pairs += n;
    if (a === b) exact += n;
    if (winTie(a) === winTie(b)) binary += n;
  }
  if (pairs === 0) throw new J2GError('agreementOfCounts requires at least one pair');
  return { exactPct: (100 * exact) / pairs, binaryPct: (100 * binary) / pairs, pairs };
}

/** Agreement of two judges over the comparisons (keys) both judged. */
export function judgeAgreement(a: { key: string; outcome: Outcome }[], b: { key: string; outcome: Outcome }[], names = ['a', 'b']): Agreement {
  const byKey = new Map(b.map((j) => [j.key, j.outcome]));
  const xa: Outcome[] = [], xb: Outcome[] = [];
  for (const j of a) {
    const o = byKey.get(j.key);
    if (o !== undefined) { xa.push(j.outcome); xb.push(o); }
  }
  if (xa.length === 0) throw new J2GError(`judgeAgreement requires shared judgments: ${names[0]}, ${names[1]}`);
  return outcomeAgreement(xa, xb);
}
