/**
 * Confidence intervals for a binomial proportion p from x successes in n independent trials.
 * Dimensionless; bounds always lie in [0, 1]. Domain: integers 0 <= x <= n, n >= 1, 0 < level < 1.
 * Throws "binomial interval requires integers 0 <= x <= n and n >= 1" and "invalid level: v".
 *
 * - `wilsonInterval`: the score interval (Wilson 1927), centre (p + z^2/2n) / (1 + z^2/n), half-width
 *   z sqrt(p(1-p)/n + z^2/4n^2) / (1 + z^2/n), with z the normal quantile at (1 + level) / 2; exactly
 *   0 at x = 0 and 1 at x = n.
 *   // QAIJ "Reliability intervals"
 * - `wilsonIntervalCorrected`: the continuity-corrected score interval (Newcombe 1998, method 4),
 *   as R's `prop.test(x, n)`; lower bound 0 when x = 0, upper bound 1 when x = n.
 * - `clopperPearsonInterval`: the exact interval (Clopper and Pearson 1934): lower bound the
 *   (1 - level)/2 quantile of Beta(x, n - x + 1), upper bound the (1 + level)/2 quantile of
 *   Beta(x + 1, n - x); 0 when x = 0, 1 when x = n. As R's `binom.test(x, n)$conf.int`.
 *
 * Example: `wilsonInterval(8, 10)` // => { estimate: 0.8, lower: 0.4902, upper: 0.9433 } (rounded)
 */
import { J2GError } from '../errors.ts';
import { normalQuantile } from './normalQuantile.ts';
import { betaQuantile } from './incompleteBeta.ts';

export interface BinomialInterval {
  /** point estimate x / n */
  estimate: number;
  lower: number;
  upper: number;
}

function check(x: number, n: number, level: number): void {
  if (!Number.isInteger(x) || !Number.isInteger(n) || n < 1 || x < 0 || x > n) {
    throw new J2GError('binomial interval requires integers 0 <= x <= n and n >= 1');
  }
  if (!(level > 0 && level < 1)) throw new J2GError(`invalid level: ${level}`);
}

export function wilsonInterval(x: number, n: number, level = 0.95): BinomialInterval {
  check(x, n, level);
  return wilsonReal(x, n, level);
}

// The score interval for a real "effective" count x of n (Korn and Graubard 1998 use it so).
function wilsonReal(x: number, n: number, level: number): BinomialInterval {
  const z = normalQuantile((1 + level) / 2);
  const p = x / n;
  const z2 = z * z;
  const denom = 1 + z2 / n;
  const centre = (p + z2 / (2 * n)) / denom;
  const half = (z * Math.sqrt((p * (1 - p)) / n + z2 / (4 * n * n))) / denom;
  // At p = 0 (p = 1) centre and half-width are equal in exact arithmetic, so the bound is exactly 0 (1);
  // computed, it would carry rounding (2.8e-17).
  return { estimate: p, lower: p === 0 ? 0 : Math.max(0, centre - half), upper: p === 1 ? 1 : Math.min(1, centre + half) };
}

export function wilsonIntervalCorrected(x: number, n: number, level = 0.95): BinomialInterval {
  check(x, n, level);
  return wilsonCorrectedReal(x, n, level);
}

function wilsonCorrectedReal(x: number, n: number, level: number): BinomialInterval {
  const z = normalQuantile((1 + level) / 2);
  const p = x / n;
  const z2 = z * z;
  const denom = 2 * (n + z2);
  const lower = x === 0 ? 0 : (2 * n * p + z2 - 1 - z * Math.sqrt(z2 - 2 - 1 / n + 4 * p * (n * (1 - p) + 1))) / denom;
  const upper = x === n ? 1 : (2 * n * p + z2 + 1 + z * Math.sqrt(z2 + 2 - 1 / n + 4 * p * (n * (1 - p) - 1))) / denom;
  return { estimate: p, lower: Math.max(0, lower), upper: Math.min(1, upper) };
}

export function clopperPearsonInterval(x: number, n: number, level = 0.95): BinomialInterval {
  check(x, n, level);
  return clopperPearsonReal(x, n, level);
}

function clopperPearsonReal(x: number, n: number, level: number): BinomialInterval {
  const alpha = 1 - level;
  const lower = x === 0 ? 0 : betaQuantile(alpha / 2, x, n - x + 1);
  const upper = x === n ? 1 : betaQuantile(1 - alpha / 2, x + 1, n - x);
  return { estimate: x / n, lower, upper };
}

export interface ClusteredBinomialIntervals {
  /** pooled share: sum of successes / sum of trials */
  estimate: number;
  successes: number;
  trials: number;
  clusters: number;
  /** Korn-Graubard effective sample size, at most `trials` */
  effectiveTrials: number;
  wilson: BinomialInterval;
  wilsonCorrected: BinomialInterval;
  exact: BinomialInterval;
}

/**
 * Binomial intervals for a share whose trials come in clusters (attempts nested in tasks), with the
 * cluster as the sampling unit: the pooled share p = sum x_t / sum m_t, its linearized (ratio-estimator)
 * variance v = sum_t (x_t - p m_t)^2 / (sum m_t)^2, the effective sample size
 * n* = min(n, max(1, p(1-p)/v)) (n* = n when v = 0), and the Wilson, corrected Wilson and exact intervals of
 * p n* successes in n* trials (Korn and Graubard 1998, "Confidence intervals for proportions with
 * small expected number of positive counts estimated from survey data").
 * // QAIJ "Reliability": "If attempts are clustered by task family ... a cluster bootstrap is needed"
 * With one trial per cluster v = p(1-p)/n, so n* = n and the intervals are the independent ones.
 * Throws "clustered binomial intervals require integers 0 <= x_t <= m_t and m_t >= 1 in every cluster".
 *
 * Example: `clusteredBinomialIntervals([4, 0], [4, 4]).effectiveTrials` // => 2
 */
export function clusteredBinomialIntervals(successes: readonly number[], trials: readonly number[], level = 0.95): ClusteredBinomialIntervals {
  if (successes.length !== trials.length || trials.length === 0 || trials.some((m, i) => !Number.isInteger(m) || m < 1 || !Number.isInteger(successes[i]) || successes[i] < 0 || successes[i] > m)) {
    throw new J2GError('clustered binomial intervals require integers 0 <= x_t <= m_t and m_t >= 1 in every cluster');
  }
  if (!(level > 0 && level < 1)) throw new J2GError(`invalid level: ${level}`);
  const x = successes.reduce((a, b) => a + b, 0);
  const n = trials.reduce((a, b) => a + b, 0);
  const p = x / n;
  let ss = 0;
  for (let t = 0; t < trials.length; t++) ss += (successes[t] - p * trials[t]) ** 2;
  const v = ss / (n * n);
  // one trial per cluster: v = p(1-p)/n exactly in real arithmetic, so n* = n (not n less rounding)
  const nEff = v === 0 || trials.every((m) => m === 1) ? n : Math.max(1, Math.min(n, (p * (1 - p)) / v));
  const xEff = p * nEff;
  return {
    estimate: p,
    successes: x,
    trials: n,
    clusters: trials.length,
    effectiveTrials: nEff,
    wilson: { ...wilsonReal(xEff, nEff, level), estimate: p },
    wilsonCorrected: { ...wilsonCorrectedReal(xEff, nEff, level), estimate: p },
    exact: { ...clopperPearsonReal(xEff, nEff, level), estimate: p },
  };
}
