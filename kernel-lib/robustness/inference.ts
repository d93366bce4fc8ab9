/**
 * Inference on a specification curve as a whole, and the spread of a headline quantity split by
 * analysis choice.
 *
 * Joint test of one conclusion (Simonsohn, Simmons and Nelson 2020, "Specification curve analysis",
 * the inferential specification curve; specr's `boot_null`):
 *   null       the conclusion's margin m_s is zero in every specification s (A's NVJ equals B's, ...);
 *   imposed    by centring each specification's bootstrap draws at its full-sample margin:
 *              m0_s(b) = m_s(b) - m_s. The draws are the multiverse's shared task-composition draws, so
 *              the null draws keep the dependence between specifications (they resample the same tasks);
 *              this is the bootstrap-under-the-null of a linear statistic (specr subtracts the estimated
 *              effect from the outcome and refits, which for a difference of means is the same shift);
 *   statistics share = the share of specifications with m_s > 0 (the conclusion holds), and the median
 *              margin over specifications; each compared with its null distribution over the draws;
 *   p-value    one-sided, in the conclusion's direction: (1 + #{b: stat0(b) >= stat}) / (1 + B).
 * Only specifications with paired draws count (a system with its own draws has none).
 *
 * Spread by choice (specr's `plot_variance` asks the same of a multilevel model): for a quantity q
 * over the supported specifications and each grid field f,
 *   eta2_f     = sum over f's values v of n_v (mean_v - mean)^2 / sum over s of (q_s - mean)^2, the
 *                share of q's variance between f's values (first-order main effect; on a full
 *                factorial the fields' eta2 plus the interactions make 1; `rest` = 1 - their sum);
 *   range_f    the median, over the combinations of the other fields' values, of the range (max - min)
 *                of q across f's values within the combination (the move a change of f alone makes),
 *                and its largest such range.
 */
import { J2GError } from '../errors.ts';

/** The joint test in words (multiverse.md, notebook 13). */
export const JOINT_TEST_WORDS = 'Null: the conclusion\'s margin is zero in every specification. Imposed by centring each specification\'s bootstrap draws at its full-sample margin (m*(b) - m), '
  + 'keeping the draws shared by every specification, so their dependence stays (specr\'s boot_null; Simonsohn, Simmons and Nelson 2020). '
  + 'p (share): how often the null gives at least the observed share of specifications in which the conclusion holds; p (median): at least the observed median margin; '
  + 'one-sided, (1 + count) / (1 + draws). Only specifications with paired draws count.';

/** The spread split in words (multiverse.md, notebook 13). */
export const SPREAD_WORDS = 'Method: eta squared of each choice (the share of the variance over the supported specifications that lies between the choice\'s values, a first-order main effect), '
  + 'and the change a choice alone makes (the range over its values with every other choice fixed: median and largest over the other choices\' combinations).';
import type { GridField } from './grid.ts';

export interface JointTest {
  conclusion: string;
  /** specifications with paired draws */
  specs: number;
  /** share of them in which the conclusion holds (m_s > 0) */
  share: number;
  /** the null's 95th percentile of that share */
  shareNull95: number;
  pShare: number;
  median: number;
  medianNull95: number;
  pMedian: number;
}

const median = (x: ArrayLike<number>): number => {
  const s = Float64Array.from(x).sort();
  const n = s.length;
  return n % 2 ? s[(n - 1) / 2] : (s[n / 2 - 1] + s[n / 2]) / 2;
};
const quantile95 = (x: Float64Array): number => {
  const s = Float64Array.from(x).sort();
  return s[Math.min(s.length - 1, Math.ceil(0.95 * s.length) - 1)];
};

/**
 * The joint test of one conclusion over its specifications: `values[s]` the margin at the full sample,
 * `draws[s][b]` in bootstrap draw b (the same draws for every specification). Null when there is no
 * specification or no draw.
 * @example jointTest('c', [1, 2], [Float64Array.of(1, 1.5), Float64Array.of(2, 2.5)]).share // => 1
 */
export function jointTest(conclusion: string, values: readonly number[], draws: readonly Float64Array[]): JointTest | null {
  const S = values.length;
  if (S !== draws.length) throw new J2GError(`jointTest: ${S} margins and ${draws.length} draw sets`);
  if (S === 0) return null;
  const B = draws[0].length;
  if (B === 0) return null;
  if (draws.some((d) => d.length !== B)) throw new J2GError('jointTest: every specification needs the same draws');
  const share = values.filter((m) => m > 0).length / S;
  const med = median(values);
  const shares = new Float64Array(B), medians = new Float64Array(B), column = new Float64Array(S);
  let atLeastShare = 0, atLeastMedian = 0;
  for (let b = 0; b < B; b++) {
    let pos = 0;
    for (let s = 0; s < S; s++) {
      const x = draws[s][b] - values[s]; // the null imposed: centred at the full-sample margin
      column[s] = x;
      if (x > 0) pos++;
    }
    shares[b] = pos / S;
    medians[b] = median(column);
    if (shares[b] >= share) atLeastShare++;
    if (medians[b] >= med) atLeastMedian++;
  }
  return {
    conclusion, specs: S, share, shareNull95: quantile95(shares), pShare: (1 + atLeastShare) / (1 + B),
    median: med, medianNull95: quantile95(medians), pMedian: (1 + atLeastMedian) / (1 + B),
  };
}

export interface ChoiceSpread {
  quantity: string;
  field: GridField;
  /** the field's values among the supported specifications */
  levels: number;
  /** share of the quantity's variance between the field's values (eta squared) */
  eta2: number;
  /** median and largest range of the quantity across the field's values, the other fields fixed */
  rangeMedian: number | null;
  rangeMax: number | null;
}

/**
 * The spread of a quantity over specifications split by grid field (the file comment): one row per
 * field; 1 - the sum of their eta2 is what no field explains alone (interactions, and imbalance where
 * some specifications are unsupported).
 * @example choiceSpread('nvj', ['policy', 'weights'], [{ labels: { policy: 'a', weights: 'x' }, value: 1 }, { labels: { policy: 'b', weights: 'x' }, value: 3 }])[0].eta2 // => 1
 */
export function choiceSpread(quantity: string, fields: readonly GridField[], points: readonly { labels: Partial<Record<GridField, string>>; value: number }[]): ChoiceSpread[] {
  const n = points.length;
  if (n === 0) return [];
  const mean = points.reduce((a, p) => a + p.value, 0) / n;
  const total = points.reduce((a, p) => a + (p.value - mean) ** 2, 0);
  return fields.map((f) => {
    const groups = new Map<string, number[]>();
    for (const p of points) {
      const k = p.labels[f] ?? '';
      const g = groups.get(k);
      if (g) g.push(p.value); else groups.set(k, [p.value]);
    }
    let between = 0;
    for (const g of groups.values()) between += g.length * (g.reduce((a, x) => a + x, 0) / g.length - mean) ** 2;
    // the other fields fixed: the specifications that differ in f alone
    const cells = new Map<string, number[]>();
    for (const p of points) {
      const key = JSON.stringify(fields.filter((o) => o !== f).map((o) => p.labels[o] ?? ''));
      const c = cells.get(key);
      if (c) c.push(p.value); else cells.set(key, [p.value]);
    }
    const ranges = [...cells.values()].filter((c) => c.length > 1).map((c) => Math.max(...c) - Math.min(...c));
    return {
      quantity, field: f, levels: groups.size, eta2: total > 0 ? between / total : 0,
      rangeMedian: ranges.length ? median(ranges) : null, rangeMax: ranges.length ? Math.max(...ranges) : null,
    };
  });
}
