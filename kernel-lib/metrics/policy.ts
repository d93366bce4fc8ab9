/**
 * Attempt policies over repeated runs (Joules-to-GDP Appendix K.2).
 *
 * - pass@k: a task earns credit once when at least one of its first k attempts wins or ties; every one
 *   of the k attempts is charged its cost and energy.
 * - m-of-n threshold: all n attempts are charged; the task earns credit when at least m of them win or tie.
 *
 * In both, the time saving of a credited task is H_i minus the mean AI time of its winning attempts
 * (K.2: S = sum over credited tasks of H_i - sum_r Y_ir L_ir / R_ik), so pass@1 gives Y_i (H_i - L_i).
 */
import { J2GError } from '../errors.ts';

export type AttemptPolicy = { kind: 'pass'; k: number } | { kind: 'threshold'; m: number; n: number };

/** pass@1, the paper's main policy: one attempt per task, charged and judged (Joules-to-GDP section 2.2). */
export const PASS_AT_1: AttemptPolicy = { kind: 'pass', k: 1 };

/**
 * pass@k: credit when at least one of the first k attempts wins or ties; all k are charged. k an
 * integer >= 1, else throws "invalid pass@k: k". // Joules-to-GDP Appendix K.2
 * @example policyLabel(passAtK(3)) // => 'pass@3'
 */
export function passAtK(k: number): AttemptPolicy {
  if (!Number.isInteger(k) || k < 1) throw new J2GError(`invalid pass@k: ${k}`);
  return { kind: 'pass', k };
}

/**
 * m-of-n threshold: all n attempts charged, credit when at least m of them win or tie. Integers
 * 1 <= m <= n, else throws "invalid threshold: m/n". // Joules-to-GDP Appendix K.2 ("four-run win–tie threshold")
 * @example policyLabel(threshold(3, 4)) // => '>=3/4'
 */
export function threshold(m: number, n: number): AttemptPolicy {
  if (!Number.isInteger(n) || n < 1 || !Number.isInteger(m) || m < 1 || m > n) throw new J2GError(`invalid threshold: ${m}/${n}`);
  return { kind: 'threshold', m, n };
}

/**
 * The policy itself when it is one `passAtK` or `threshold` could have made (a notebook may build the
 * object by hand); else throws "invalid policy: {...} (expected passAtK(k), k >= 1, or threshold(m, n),
 * 1 <= m <= n)".
 * @example checkPolicy({ kind: 'threshold', m: 3, n: 2 }) // throws invalid policy
 */
export function checkPolicy(policy: AttemptPolicy): AttemptPolicy {
  const p = policy as { kind?: unknown; k?: unknown; m?: unknown; n?: unknown } | null;
  const int = (x: unknown): x is number => Number.isInteger(x) && (x as number) >= 1;
  const ok = typeof p === 'object' && p !== null && (
    (p.kind === 'pass' && int(p.k)) || (p.kind === 'threshold' && int(p.m) && int(p.n) && p.m <= p.n));
  if (!ok) throw new J2GError(`invalid policy: ${JSON.stringify(policy)} (expected passAtK(k), k >= 1, or threshold(m, n), 1 <= m <= n)`);
  return policy;
}

/** Number of attempts a policy charges (k for pass@k, n for m-of-n; Appendix K.2). @example attemptsCharged(threshold(1, 4)) // => 4 */
export function attemptsCharged(policy: AttemptPolicy): number {
  return policy.kind === 'pass' ? policy.k : policy.n;
}

/** Printed label, as in Tables 19-21. @example policyLabel(passAtK(2)) // => 'pass@2' */
export function policyLabel(policy: AttemptPolicy): string {
  return policy.kind === 'pass' ? `pass@${policy.k}` : `>=${policy.m}/${policy.n}`;
}

/** Parse `pass@k`, `>=m/n` (also `m/n`) or the scenario's `m-of-n`; throws "invalid policy: text (expected pass@k, >=m/n or m-of-n)". @example parsePolicy('3-of-4') // => { kind: 'threshold', m: 3, n: 4 } */
export function parsePolicy(text: string): AttemptPolicy {
  const p = /^pass@(\d+)$/.exec(text);
  if (p) return passAtK(Number(p[1]));
  const t = /^(?:>=)?(\d+)\/(\d+)$/.exec(text) ?? /^(\d+)-of-(\d+)$/.exec(text);
  if (t) return threshold(Number(t[1]), Number(t[2]));
  throw new J2GError(`invalid policy: ${text} (expected pass@k, >=m/n or m-of-n)`);
}

/**
 * Credit of one task under a policy, from the credit indicators Y_r of its charged attempts (in attempt
 * order): 1 a win, the tie credit tau for a tie, 0 a loss (tau = 1, the paper's rule, makes them the
 * win-tie indicators 0 or 1). The credit is the m-th largest Y_r (m = 1 for pass@k): with indicators 0
 * or 1, 1 when at least m attempts win or tie, else 0 (Joules-to-GDP Appendix K.2); with tau < 1, a
 * task whose m best attempts include a tie earns tau. Throws unless every indicator is in [0, 1] and
 * there are at most k (pass@k) or n (m of n) of them.
 * @example taskCredit(threshold(2, 4), [1, 0, 1, 0]) // => 1
 */
export function taskCredit(policy: AttemptPolicy, winTie: ArrayLike<number>): number {
  const limit = policy.kind === 'pass' ? policy.k : policy.n;
  if (winTie.length > limit) throw new J2GError(`taskCredit: ${winTie.length} attempts for a policy that charges at most ${limit}`);
  let wins = 0, binary = true;
  for (let r = 0; r < winTie.length; r++) {
    const y = winTie[r];
    if (!(y >= 0 && y <= 1)) throw new J2GError(`taskCredit requires credit indicators in [0, 1]: ${y} at attempt ${r + 1}`);
    if (y !== 0 && y !== 1) binary = false;
    wins += y;
  }
  const m = policy.kind === 'pass' ? 1 : policy.m;
  if (binary) return wins >= m ? 1 : 0;
  if (winTie.length < m) return 0;
  return Array.from(winTie).sort((a, b) => b - a)[m - 1];
}

/**
 * Whether attempt credit `y` is one of the attempts a credited task's time saving averages over: a
 * credited attempt (y > 0) at least as good as the task's credit Q (Appendix K.2's winning attempts;
 * with indicators 0 or 1 every attempt judged a win or tie).
 * @example countsForSaving(1, 0.5) // => true
 */
export function countsForSaving(y: number, Q: number): boolean {
  return y > 0 && y >= Q;
}
