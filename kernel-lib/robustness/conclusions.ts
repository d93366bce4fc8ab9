/**
 * The conclusions a multiverse counts (issue #26): each is a statement about one specification's
 * Table 1 systems or Table 13 categories, with a signed margin that is positive exactly when the
 * statement holds there, so that "the paired 95% interval of the difference behind the conclusion
 * excludes zero" is "its 2.5th percentile is above zero".
 *
 *   nvj:A>B, tsj:A>B       every ordered pair of Table 1 systems: NVJ_A - NVJ_B (USD/MJ), TSJ_A - TSJ_B (hours/MJ)
 *   lead:nvj, lead:tsj     Table 1's leader in the reference specification: X's ratio minus the largest
 *                          of the other systems' (the same draw's)
 *   cat-lead:nvj, :tsj     Table 13's category leader of the primary system, likewise over categories
 *   text:<claim id>        the paper's text claims that a specification can evaluate, as directions
 *                          (data/published/text_claims.csv; e.g. "GPT-OSS 120B uses less energy than
 *                          GLM 5.2": E_GLM - E_OSS > 0)
 * Every margin is a function of aggregated components (Joules-to-GDP eq. 2.4, section 2.5: ratios of
 * GDP-weighted averages), formed draw by draw on the same resampled tasks for every system and
 * category (K.1 "Paired contrasts").
 */
import type { Dataset } from '../data/load.ts';

/** Aggregated components of one row (a system of Table 1 or a category of Table 13), and their draws. */
export interface RowComponents {
  /** credit (fraction), valueUSD G, costUSD C (USD), energyMJ E (MJ), aiHours L, timeSavingHours S (hours) */
  point: Record<Comp, number>;
  /** the same components in every bootstrap draw, or null (no bootstrap, or tasks not shared with the draws) */
  draws: Record<Comp, Float64Array> | null;
}
export const COMPS = ['credit', 'valueUSD', 'costUSD', 'energyMJ', 'aiHours', 'timeSavingHours'] as const;
export type Comp = (typeof COMPS)[number];

/** What a conclusion reads from one specification. */
export interface SpecRows {
  systems: Map<string, RowComponents>;
  /** Table 13's categories of the specification's system (empty when it has none) */
  categories: Map<string, RowComponents>;
}

/** A margin: its value at the full sample and in each draw (null: no paired draws). */
export interface Margin {
  value: number;
  draws: Float64Array | null;
}

export interface Conclusion {
  id: string;
  statement: string;
  /** the margin in a specification, or null when the specification cannot evaluate it (a system left out) */
  margin: (rows: SpecRows) => Margin | null;
}

type Stat = (x: Record<Comp, number>) => number;
const nvj: Stat = (x) => (x.valueUSD - x.costUSD) / x.energyMJ; // eq. (2.4)
const tsj: Stat = (x) => x.timeSavingHours / x.energyMJ; // eq. (2.5)
const netValue: Stat = (x) => x.valueUSD - x.costUSD;
const winTiePerMJ: Stat = (x) => x.credit / x.energyMJ;
const COMP_STATS = new Map<Comp, Stat>();
const comp = (k: Comp): Stat => {
  let f = COMP_STATS.get(k);
  if (!f) COMP_STATS.set(k, (f = (x) => x[k]));
  return f;
};

const cache = new WeakMap<RowComponents, Map<Stat, Float64Array>>();
/** A statistic in every draw of a row (computed once per row and statistic). */
function statDraws(row: RowComponents, stat: Stat): Float64Array {
  let byStat = cache.get(row);
  if (!byStat) cache.set(row, (byStat = new Map()));
  let out = byStat.get(stat);
  if (!out) {
    const d = row.draws!;
    const B = d.energyMJ.length;
    out = new Float64Array(B);
    const x = {} as Record<Comp, number>;
    for (let b = 0; b < B; b++) {
      for (const k of COMPS) x[k] = d[k][b];
      out[b] = stat(x);
    }
    byStat.set(stat, out);
  }
  return out;
}

/**
 * The margin sum_j c_j stat_j(row_j) over several rows, at the full sample and draw by draw; null when
 * a row is missing. Draws are null when any row has none.
 */
function linear(terms: { row: RowComponents | undefined; stat: Stat; c: number }[]): Margin | null {
  if (terms.some((t) => !t.row)) return null;
  const value = terms.reduce((s, t) => s + t.c * t.stat(t.row!.point), 0);
  if (terms.some((t) => !t.row!.draws)) return { value, draws: null };
  const B = terms[0].row!.draws!.energyMJ.length;
  const out = new Float64Array(B);
  for (const t of terms) {
    const x = statDraws(t.row!, t.stat);
    for (let b = 0; b < B; b++) out[b] += t.c * x[b];
  }
  return { value, draws: out };
}

/** stat(leader) minus the largest stat of the other rows, at the full sample and in every draw. */
function leadMargin(rows: Map<string, RowComponents>, leader: string, stat: Stat): Margin | null {
  const x = rows.get(leader);
  if (!x || rows.size < 2) return null;
  const others = [...rows].filter(([k]) => k !== leader).map(([, r]) => r);
  const value = stat(x.point) - Math.max(...others.map((r) => stat(r.point)));
  if (!x.draws || others.some((r) => !r.draws)) return { value, draws: null };
  const B = x.draws.energyMJ.length;
  const best = new Float64Array(B).fill(-Infinity);
  for (const r of others) {
    const y = statDraws(r, stat);
    for (let b = 0; b < B; b++) if (y[b] > best[b]) best[b] = y[b];
  }
  const own = statDraws(x, stat);
  for (let b = 0; b < B; b++) best[b] = own[b] - best[b];
  return { value, draws: best };
}

/** The leader of `rows` by `stat` at the full sample (ties: the first in order), or undefined. */
export function leaderOf(rows: Map<string, RowComponents>, stat: 'nvj' | 'tsj'): string | undefined {
  let best: string | undefined, v = -Infinity;
  for (const [k, r] of rows) { const x = (stat === 'nvj' ? nvj : tsj)(r.point); if (x > v) { v = x; best = k; } }
  return best;
}

const sys = (id: string | undefined) => (r: SpecRows) => (id === undefined ? undefined : r.systems.get(id));
const cat = (name: string) => (r: SpecRows) => r.categories.get(name);

/** The systems the text's claims name, by model (report/checks.ts claimRoles finds them the same way). */
function roles(ds: Dataset, primary: string) {
  const find = (model: string, accelerator?: RegExp, count?: number) => ds.rows.systems.find((s) =>
    s.model === model && (accelerator === undefined || (accelerator.test(s.accelerator) && s.accelerator_count === count)))?.system;
  return { primary, gemma: find('Gemma 4 31B'), oss120: find('GPT-OSS 120B'), qwenEight: find('Qwen3.6-27B', /H100/, 8), qwenOne: find('Qwen3.6-27B', /H100/, 1) };
}

/**
 * The text claims of the paper a specification can evaluate, as directions (claim ids of
 * data/published/text_claims.csv). Claims about two references at once (K.1, K.2, 3.1's assisted
 * experts), about judges (Table 2, D.1) or fixed facts (rates, counts) are not statements about one
 * specification and are not here; `TEXT_CLAIMS_NOT_EVALUATED` lists them with the reason.
 */
function textClaims(ds: Dataset, primary: string, catNvjLeader?: string): Conclusion[] {
  const r = roles(ds, primary);
  const name = (id: string | undefined) => ds.rows.systems.find((s) => s.system === id)?.model ?? id ?? '';
  const out: Conclusion[] = [];
  const add = (id: string, statement: string, margin: Conclusion['margin']) => out.push({ id: `text:${id}`, statement, margin });
  const two = (a: (s: SpecRows) => RowComponents | undefined, sa: Stat, ca: number, b: (s: SpecRows) => RowComponents | undefined, sb: Stat, cb: number) =>
    (s: SpecRows) => linear([{ row: a(s), stat: sa, c: ca }, { row: b(s), stat: sb, c: cb }]);
  const glm = sys(r.primary), gemma = sys(r.gemma), oss = sys(r.oss120), q8 = sys(r.qwenEight), q1 = sys(r.qwenOne);
  const P = name(r.primary);
  add('intro.glm_value', `${P} produces the highest average output dollar value among Table 1's systems`, (s) => leadMargin(s.systems, r.primary, comp('valueUSD')));
  if (r.gemma) {
    const G = name(r.gemma);
    add('3.2.gemma_value_less', `${G} produces less output dollar value than ${P}`, two(glm, comp('valueUSD'), 1, gemma, comp('valueUSD'), -1));
    add('3.2.gemma_energy_less', `${G} uses less energy than ${P}`, two(glm, comp('energyMJ'), 1, gemma, comp('energyMJ'), -1));
    add('intro.gemma_value_more_than_half', `${G} produces more than half of ${P}'s output dollar value`, two(gemma, comp('valueUSD'), 1, glm, comp('valueUSD'), -0.5));
    add('intro.gemma_energy_less_than_quarter', `${G} uses less than a quarter of ${P}'s energy`, two(glm, comp('energyMJ'), 0.25, gemma, comp('energyMJ'), -1));
  }
  if (r.oss120) {
    const O = name(r.oss120);
    add('3.2.1.oss120_energy_less', `${O} uses less energy than ${P}`, two(glm, comp('energyMJ'), 1, oss, comp('energyMJ'), -1));
    add('3.2.1.oss120_cost_more', `${O} costs more than ${P}`, two(oss, comp('costUSD'), 1, glm, comp('costUSD'), -1));
    add('3.2.1.oss120_faster', `${O} is faster than ${P} (less AI time per task)`, two(glm, comp('aiHours'), 1, oss, comp('aiHours'), -1));
  }
  if (r.qwenEight && r.qwenOne) {
    add('3.3.h100x8_time_less', `Qwen3.6-27B on eight H100s takes less AI time than on one`, two(q1, comp('aiHours'), 1, q8, comp('aiHours'), -1));
    add('3.3.h100x8_energy_ratio', `Qwen3.6-27B on eight H100s uses more energy than on one`, two(q8, comp('energyMJ'), 1, q1, comp('energyMJ'), -1));
  }
  const cats = new Set(ds.rows.occupations.map((o) => o.category));
  const has = (...names: string[]) => names.every((n) => cats.has(n));
  const CM = 'Computer & Mathematical', AE = 'Architecture & Engineering', PC = 'Personal Care & Service', PR = 'Production', PS = 'Protective Service';
  if (has(CM, AE)) {
    add('3.1.arch_more_per_task', `${AE} delivers more net value per task than ${CM}`, two(cat(AE), netValue, 1, cat(CM), netValue, -1));
    add('3.1.comp_higher_nvj', `${CM} has a higher NVJ than ${AE}`, two(cat(CM), nvj, 1, cat(AE), nvj, -1));
    add('intro.arch_net_value_rank', `${AE} leads the categories in net value per task`, (s) => leadMargin(s.categories, AE, netValue));
    if (catNvjLeader !== CM) add('intro.comp_nvj_rank', `${CM} leads the categories in NVJ`, (s) => leadMargin(s.categories, CM, nvj));
  }
  if (has(CM, PC)) add('3.1.comp_vs_personal_nvj', `${CM} has a higher NVJ than ${PC}`, two(cat(CM), nvj, 1, cat(PC), nvj, -1));
  if (has(PC)) add('3.1.personal_care_wintie_rank', `${PC} leads the categories in win-tie rate`, (s) => leadMargin(s.categories, PC, comp('credit')));
  if (has(PS)) add('3.1.protective_wintie_per_mj_rank', `${PS} leads the categories in win-tie rate per MJ`, (s) => leadMargin(s.categories, PS, winTiePerMJ));
  if (has(PR, PS)) {
    add('3.1.production_lower_nvj', `${PR} has a lower NVJ than ${PS}`, two(cat(PS), nvj, 1, cat(PR), nvj, -1));
    add('3.1.production_higher_tsj', `${PR} has a higher TSJ than ${PS}`, two(cat(PR), tsj, 1, cat(PS), tsj, -1));
  }
  return out;
}

/** Text claims that no single specification evaluates, with the reason (listed in multiverse.md). */
export const TEXT_CLAIMS_NOT_EVALUATED: readonly [string, string][] = [
  ['K.1.*, K.2.*, 3.1.assisted_half_as_often, 3.1.assisted_less_time, 3.1.ai_shorter', 'compare two references within one analysis (Tables 17, 18, 22); the multiverse varies the reference instead'],
  ['2.2.*, D.1.*, table2.*', 'judge agreement (Table 2), not a statement about systems or categories'],
  ['intro.production_*_rank, 3.1.production_*_rank', 'ranks sixth/second: the direction they imply is 3.1.production_higher_tsj and 3.1.production_lower_nvj'],
  ['intro.gemma_nvj_ratio, intro.gemma_tsj_ratio, 3.2.gemma_nvj_ratio', 'their direction is the pair conclusions nvj:<Gemma 4 31B>><GLM 5.2> and tsj:..., counted once there'],
  ['intro.comp_nvj_rank', 'the Table 13 NVJ leader conclusion (cat-lead:nvj) when the reference specification\'s leader is Computer & Mathematical'],
  ['numbers (values, ratios, percentages)', 'a number is not a conclusion; its direction is, where the text states one'],
];

/**
 * Every conclusion counted for a dataset, given the reference specification's Table 1 systems (in
 * Table 1 order) and leaders: ordered pairs by NVJ and TSJ, the leaders of Table 1 and Table 13, the
 * evaluable text claims.
 */
export function conclusionsFor(ds: Dataset, primary: string, systems: readonly string[], leaders: { nvj?: string; tsj?: string; catNvj?: string; catTsj?: string }): Conclusion[] {
  const out: Conclusion[] = [];
  for (const [metric, stat, word] of [['nvj', nvj, 'NVJ'], ['tsj', tsj, 'TSJ']] as const) {
    for (const a of systems) for (const b of systems) {
      if (a === b) continue;
      out.push({ id: `${metric}:${a}>${b}`, statement: `${a} has a higher ${word} than ${b}`, margin: (s) => linear([{ row: s.systems.get(a), stat, c: 1 }, { row: s.systems.get(b), stat, c: -1 }]) });
    }
  }
  if (leaders.nvj) out.push({ id: 'lead:nvj', statement: `${leaders.nvj} leads Table 1 in NVJ`, margin: (s) => leadMargin(s.systems, leaders.nvj!, nvj) });
  if (leaders.tsj) out.push({ id: 'lead:tsj', statement: `${leaders.tsj} leads Table 1 in TSJ`, margin: (s) => leadMargin(s.systems, leaders.tsj!, tsj) });
  if (leaders.catNvj) out.push({ id: 'cat-lead:nvj', statement: `${leaders.catNvj} leads Table 13's categories in NVJ`, margin: (s) => leadMargin(s.categories, leaders.catNvj!, nvj) });
  if (leaders.catTsj) out.push({ id: 'cat-lead:tsj', statement: `${leaders.catTsj} leads Table 13's categories in TSJ`, margin: (s) => leadMargin(s.categories, leaders.catTsj!, tsj) });
  out.push(...textClaims(ds, primary, leaders.catNvj));
  return out;
}
