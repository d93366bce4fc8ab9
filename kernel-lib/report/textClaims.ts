/**
 * Numbers of the paper's text that kernel-lib/compare's textClaimCells does not compute: counts,
 * the category comparisons of section 3.1, the assisted expert's time, and K.2's time-saving split
 * (at >=1/4 against the expert-with-AI reference, as the reconstruction reads it). Each claim states
 * its formula below; comparisons between systems or categories use their GDP-weighted averages.
 * Also the rank claims of sections 1 and 3.1, the bounds "more than half" and "less than a quarter"
 * (shown as the bound when the data meet it), "about half as often", Table 2's agreement range, Table
 * 16's leader shares, D.1's judgment count, the tasks per occupation and runs per task, and the laptop
 * equivalence (E x 23 h / 2.52 MJ, the paper's own constant from data/reference/energy_scale.csv).
 * Claims about the set-up (hardware, rates, draws) are not data and stay "not reproduced".
 */
import type { Dataset } from '../data/load.ts';
import { UnsupportedOutputError } from '../errors.ts';
import { resolveContext, withScenario, type ScenarioContext } from '../tables/context.ts';
import { threshold } from '../metrics/policy.ts';
import { evaluate } from '../tables/evaluate.ts';
import type { TableOptions } from '../tables/options.ts';
import type { ColumnTable } from 'arquero';
import { categorySummaries } from '../tables/table13.ts';
import type { ReproducedCell } from '../compare/index.ts';
import type { Reference } from '../reference/load.ts';
import { loadEnergyScale } from '../reference/constants.ts';
import { evaluableSystemSummaries, type SystemSummary } from '../tables/table01.ts';

type Claim = (c: ClaimContext) => number | null;

type CategorySummary = ReturnType<typeof categorySummaries>[number];

interface ClaimContext {
  /** the resolved scenario context the claims are computed under */
  options: ScenarioContext;
  dataset: Dataset;
  category(label: string): CategorySummary | null;
  /** rank (1 = highest) of a category by a quantity among all categories; null when it is absent */
  rank(label: string, by: (c: CategorySummary) => number): number | null;
  /** a system's GDP-weighted quantity over the primary system's, the system found by model */
  systemRatio(model: string, by: (s: SystemSummary) => number): number | null;
  /** lowest or highest exact agreement between two different judges (Table 2, attempt 1) */
  judgeAgreement(which: 'min' | 'max'): number | null;
  cell(table: string, match: (r: Record<string, unknown>) => boolean, column: string): number | null;
}

const pctLess = (a: number, b: number) => 100 * (1 - a / b);
const pctMore = (a: number, b: number) => 100 * (a / b - 1);

function kTwo(c: ClaimContext) {
  // K.2: at >=1/4 judged against the expert-with-AI reference, time saving valued at the expert-only
  // (total) and expert-with-AI (automation) reference times; assistance is the difference.
  const n = 4;
  const total = evaluate(withScenario(c.options, { policy: threshold(1, n), judgmentReference: 'expert_with_ai', timeReference: 'expert_only' })).benchmark.timeSavingHours;
  const auto = evaluate(withScenario(c.options, { policy: threshold(1, n), judgmentReference: 'expert_with_ai', timeReference: 'expert_with_ai' })).benchmark.timeSavingHours;
  return { total, auto, assist: total - auto };
}

export const CLAIMS: Record<string, Claim> = {
  'intro.tasks': (c) => new Set(c.dataset.rows.runs.filter((r) => r.system === c.options.system).map((r) => r.task_id)).size,
  'intro.occupations': (c) => new Set(c.dataset.rows.tasks.map((t) => t.occupation)).size,
  'intro.categories': (c) => new Set(c.dataset.rows.occupations.map((o) => o.category)).size,
  '2.1.sectors': (c) => c.dataset.rows.sectors.length,
  // "Net dollar value shows a similar reversal. Architecture & Engineering ... delivers about 10% more
  // per task": net value G - C per task, as j2g audit's textClaimsFromTables reads it
  '3.1.arch_more_per_task': (c) => both(net(c.category('Architecture & Eng.')), net(c.category('Computer & Math')), pctMore),
  '3.1.comp_higher_nvj': (c) => both(c.category('Computer & Math')?.nvj, c.category('Architecture & Eng.')?.nvj, pctMore),
  '3.1.comp_vs_personal_nvj': (c) => ratio(c.category('Computer & Math')?.nvj, c.category('Personal Care')?.nvj),
  '3.1.production_lower_nvj': (c) => both(c.category('Production')?.nvj, c.category('Protective Service')?.nvj, pctLess),
  '3.1.production_higher_tsj': (c) => both(c.category('Production')?.tsj, c.category('Protective Service')?.tsj, pctMore),
  // "experts using AI spend about 23% less time": Table 22's first row (tasks that win or tie against
  // the expert-with-AI reference), not all tasks: over all tasks the reconstruction gives about 40%.
  '3.1.assisted_less_time': (c) => c.cell('22', (r) => r.transition === 'expert_only->expert_with_ai', 'time_saving_pct'),
  '3.1.ai_shorter': (c) => c.cell('22', (r) => r.transition === 'expert_with_ai->ai_system', 'time_saving_pct'),
  'K.2.table22_auto_hours': (c) => c.cell('22', (r) => r.transition === 'expert_with_ai->ai_system', 'time_saving_hours'),
  'K.2.table22_total_hours': (c) => c.cell('22', (r) => r.transition === 'expert_only->ai_system', 'time_saving_hours'),
  'K.2.total_hours': (c) => kTwo(c).total,
  'K.2.assist_hours': (c) => kTwo(c).assist,
  'K.2.auto_hours': (c) => kTwo(c).auto,
  'K.2.assist_pct': (c) => { const k = kTwo(c); return (100 * k.assist) / k.total; },
  'K.2.auto_pct': (c) => { const k = kTwo(c); return (100 * k.auto) / k.total; },
  // Ranks of a category among all categories, 1 = highest (sections 1 and 3.1, Figure 3).
  'intro.personal_care_wintie_rank': (c) => c.rank('Personal Care', (x) => x.credit),
  '3.1.personal_care_wintie_rank': (c) => c.rank('Personal Care', (x) => x.credit),
  'intro.arch_net_value_rank': (c) => c.rank('Architecture & Eng.', (x) => x.valueUSD - x.costUSD),
  'intro.protective_wintie_per_mj_rank': (c) => c.rank('Protective Service', (x) => x.winTiePerMJ),
  '3.1.protective_wintie_per_mj_rank': (c) => c.rank('Protective Service', (x) => x.winTiePerMJ),
  'intro.comp_nvj_rank': (c) => c.rank('Computer & Math', (x) => x.nvj),
  'intro.production_time_saving_rank': (c) => c.rank('Production', (x) => x.timeSavingHours),
  '3.1.production_time_saving_rank': (c) => c.rank('Production', (x) => x.timeSavingHours),
  'intro.production_tsj_rank': (c) => c.rank('Production', (x) => x.tsj),
  '3.1.production_tsj_rank': (c) => c.rank('Production', (x) => x.tsj),
  // Bounds ("more than half", "less than a quarter"): the bound when the ratio meets it, else the ratio.
  'intro.gemma_value_more_than_half': (c) => lowerBound(c.systemRatio('Gemma 4 31B', (s) => s.valueUSD), 0.5),
  'intro.gemma_energy_less_than_quarter': (c) => upperBound(c.systemRatio('Gemma 4 31B', (s) => s.energyMJ), 0.25),
  // "about half as often": win-tie rate against expert-with-AI over against expert-only, primary system, attempt 1 (Table 17's diagonal)
  '3.1.assisted_half_as_often': (c) => {
    const eo = evaluate({ ...c.options, judgmentReference: 'expert_only', timeReference: 'expert_only' }).benchmark.credit;
    const ea = evaluate({ ...c.options, judgmentReference: 'expert_with_ai', timeReference: 'expert_with_ai' }).benchmark.credit;
    return eo > 0 ? ea / eo : null;
  },
  // Table 2: the judges' pairwise exact agreement, lowest and highest (text 72.3-77.2, caption 72-77)
  '2.2.judge_agreement_lo': (c) => c.judgeAgreement('min'),
  '2.2.judge_agreement_hi': (c) => c.judgeAgreement('max'),
  'table2.caption_agreement_lo': (c) => c.judgeAgreement('min'),
  'table2.caption_agreement_hi': (c) => c.judgeAgreement('max'),
  // Table 16: the share of portfolios in which the full-data NVJ (TSJ) leader keeps the lead
  'J.2.nvj_leader_retained': (c) => c.cell('16', (r) => r.ranking === 'nvj', 'leader_retained_pct'),
  'J.2.tsj_leader_retained': (c) => c.cell('16', (r) => r.ranking === 'tsj', 'leader_retained_pct'),
  // D.1: the main judge's expert-only judgments of the primary system's first two attempts
  'D.1.judgments': (c) => {
    const ds = c.dataset, { system, judge } = c.options;
    const firstTwo = new Set(ds.rows.runs.filter((r) => r.system === system && r.attempt <= 2).map((r) => r.run_id));
    return ds.rows.judgments.filter((j) => j.judge === judge && j.reference === 'expert_only' && firstTwo.has(j.run_id)).length;
  },
  // 2.1 and K.2: the same number of tasks in every occupation, of runs of every task (null when they vary)
  '2.1.tasks_per_occupation': (c) => same(countBy(c.dataset.rows.tasks.map((t) => t.occupation))),
  'K.2.runs': (c) => {
    const system = c.options.system;
    return same(countBy(c.dataset.rows.runs.filter((r) => r.system === system).map((r) => r.task_id)));
  },
  // Sections 1 and 3.2: E x (laptop hours / scale energy), the paper's laptop equivalence (energy_scale.csv)
  'intro.glm_laptop_hours': (c) => laptopHours(c),
  '3.2.glm_laptop_hours': (c) => laptopHours(c),
};

function net(x: { valueUSD: number; costUSD: number } | null | undefined): number | null {
  return x ? x.valueUSD - x.costUSD : null;
}

function lowerBound(x: number | null, bound: number): number | null {
  return x === null ? null : x > bound ? bound : x;
}

function upperBound(x: number | null, bound: number): number | null {
  return x === null ? null : x < bound ? bound : x;
}

function countBy(keys: readonly string[]): number[] {
  const m = new Map<string, number>();
  for (const k of keys) m.set(k, (m.get(k) ?? 0) + 1);
  return [...m.values()];
}

function same(xs: readonly number[]): number | null {
  return xs.length && xs.every((x) => x === xs[0]) ? xs[0] : null;
}

function laptopHours(c: ClaimContext): number {
  const scale = loadEnergyScale();
  const e = evaluate(c.options).benchmark.energyMJ;
  return (e * scale.laptopHours.value) / scale.scaleMJ;
}

function ratio(a: number | null | undefined, b: number | null | undefined): number | null {
  return a == null || b == null || b === 0 ? null : a / b;
}

function both(a: number | null | undefined, b: number | null | undefined, f: (a: number, b: number) => number): number | null {
  return a == null || b == null || b === 0 ? null : f(a, b);
}

/** Cells (table `text`, column `value`) of the claims above that the dataset determines. */
export function extraTextClaimCells(input: TableOptions & { tables: Record<string, ColumnTable>; reference?: Reference | null; context?: ScenarioContext }): ReproducedCell[] {
  const options = resolveContext(input.context ?? input);
  const { tables, reference } = input;
  const ds = options.dataset;
  const labels = new Map(reference?.occupations.map((o) => [o.categoryLabel, o.category]) ?? []);
  let categories: ReturnType<typeof categorySummaries> | null = null;
  let systems: SystemSummary[] | null = null;
  const ctx: ClaimContext = {
    options, dataset: ds,
    category(label) {
      categories ??= categorySummaries(options);
      const name = labels.get(label) ?? label;
      return categories.find((c) => c.category === name) ?? null;
    },
    rank(label, by) {
      const own = ctx.category(label);
      if (!own) return null;
      // ties share the better rank
      return 1 + categories!.filter((c) => by(c) > by(own)).length;
    },
    systemRatio(model, by) {
      systems ??= evaluableSystemSummaries(options);
      const primary = systems.find((s) => s.system === options.system);
      const other = systems.find((s) => s.model === model && s.acceleratorCount === primary?.acceleratorCount) ?? systems.find((s) => s.model === model);
      return primary && other && by(primary) !== 0 ? by(other) / by(primary) : null;
    },
    judgeAgreement(which) {
      const t = tables.table02;
      if (!t) return null;
      const judges = new Set(ds.rows.judgments.map((j) => j.judge).filter((j) => j !== 'human'));
      const xs = (t.objects() as Record<string, unknown>[])
        .filter((r) => judges.has(String(r.judge_a)) && judges.has(String(r.judge_b)) && r.judge_a !== r.judge_b)
        .map((r) => Number(r.exact_agreement_pct)).filter(Number.isFinite);
      return xs.length < 2 ? null : which === 'min' ? Math.min(...xs) : Math.max(...xs);
    },
    cell(table, match, column) {
      const t = tables[`table${table.padStart(2, '0')}`];
      const row = t ? (t.objects() as Record<string, unknown>[]).find(match) : undefined;
      const v = row?.[column];
      return typeof v === 'number' && Number.isFinite(v) ? v : null;
    },
  };
  const out: ReproducedCell[] = [];
  for (const [id, f] of Object.entries(CLAIMS)) {
    let value: number | null;
    try {
      value = f(ctx);
    } catch (e) {
      if (!(e instanceof UnsupportedOutputError)) throw e;
      continue; // the dataset lacks what the claim needs (a second reference, four runs)
    }
    if (value !== null && Number.isFinite(value)) out.push({ table: 'text', row: id, column: 'value', value });
  }
  return out;
}
