/**
 * The numbers quoted in the paper's text (data/published/text_claims.csv), reproduced from a dataset
 * where the text states a quantity the data determine. Each claim names its formula below; the
 * interpretation of a sentence follows the paper's own tables where a claim repeats one (and is the
 * one the reconstruction uses, scripts/reconstruct/constraints.ts). Claims about the set-up
 * (hardware, node rates, draws, laptop equivalents) are not data: "not reproduced".
 */
import type { Dataset } from '../data/load.ts';
import { J2GError } from '../errors.ts';
import { returnsOf } from '../metrics/aggregate.ts';
import { threshold } from '../metrics/policy.ts';
import { weightVector, weightedTaskAverage } from '../metrics/aggregate.ts';
import { taskComponents } from '../metrics/taskComponents.ts';
import type { Published } from '../published/load.ts';
import { evaluate } from '../tables/evaluate.ts';
import type { TableOptions } from '../tables/options.ts';
import type { ColumnTable } from 'arquero';
import { categorySummaries } from '../tables/table13.ts';
import { systemSummaries, type SystemSummary } from '../tables/table01.ts';
import { compare, type Comparison } from './compare.ts';
import { table1Systems } from './checks.ts';
import type { Reference } from '../reference/load.ts';

type Claim = (c: ClaimContext) => number | null;

interface ClaimContext {
  options: TableOptions;
  dataset: Dataset;
  tables: Record<string, ColumnTable>;
  system(model: string, accelerator?: RegExp, count?: number): SystemSummary | null;
  primary(): SystemSummary | null;
  category(label: string): ReturnType<typeof categorySummaries>[number] | null;
  cell(table: string, match: (r: Record<string, unknown>) => boolean, column: string): number | null;
}

const pctLess = (a: number, b: number) => 100 * (1 - a / b);
const pctMore = (a: number, b: number) => 100 * (a / b - 1);

function kTwo(c: ClaimContext) {
  // K.2: at >=1/4 judged against the expert-with-AI reference, time saving valued at the expert-only
  // (total) and expert-with-AI (automation) reference times; assistance is the difference.
  const n = 4;
  const total = evaluate({ ...c.options, policy: threshold(1, n), judgmentReference: 'expert_with_ai', timeReference: 'expert_only' }).benchmark.timeSavingHours;
  const auto = evaluate({ ...c.options, policy: threshold(1, n), judgmentReference: 'expert_with_ai', timeReference: 'expert_with_ai' }).benchmark.timeSavingHours;
  return { total, auto, assist: total - auto };
}

const GLM = 'GLM 5.2', GEMMA = 'Gemma 4 31B', OSS120 = 'GPT-OSS 120B', QWEN = 'Qwen3.6-27B';

export const CLAIMS: Record<string, Claim> = {
  'intro.tasks': (c) => new Set(c.dataset.rows.runs.filter((r) => r.system === (c.options.system ?? c.dataset.manifest.primary_system)).map((r) => r.task_id)).size,
  'intro.occupations': (c) => new Set(c.dataset.rows.tasks.map((t) => t.occupation)).size,
  'intro.categories': (c) => new Set(c.dataset.rows.occupations.map((o) => o.category)).size,
  '2.1.sectors': (c) => c.dataset.rows.sectors.length,
  'intro.glm_value': (c) => c.system(GLM)?.valueUSD ?? null,
  '3.2.glm_value': (c) => c.system(GLM)?.valueUSD ?? null,
  'intro.glm_hours': (c) => c.system(GLM)?.timeSavingHours ?? null,
  '3.2.glm_hours': (c) => c.system(GLM)?.timeSavingHours ?? null,
  'intro.glm_energy': (c) => c.system(GLM)?.energyMJ ?? null,
  '3.2.glm_energy': (c) => c.system(GLM)?.energyMJ ?? null,
  'intro.gemma_nvj_ratio': (c) => ratio(c.system(GEMMA)?.nvj, c.system(GLM)?.nvj),
  '3.2.gemma_nvj_ratio': (c) => ratio(c.system(GEMMA)?.nvj, c.system(GLM)?.nvj),
  'intro.gemma_tsj_ratio': (c) => ratio(c.system(GEMMA)?.tsj, c.system(GLM)?.tsj),
  '3.2.gemma_value_less': (c) => both(c.system(GEMMA)?.valueUSD, c.system(GLM)?.valueUSD, pctLess),
  '3.2.gemma_energy_less': (c) => both(c.system(GEMMA)?.energyMJ, c.system(GLM)?.energyMJ, pctLess),
  'intro.oss120_energy_less': (c) => both(c.system(OSS120)?.energyMJ, c.system(GLM)?.energyMJ, pctLess),
  '3.2.1.oss120_energy_less': (c) => both(c.system(OSS120)?.energyMJ, c.system(GLM)?.energyMJ, pctLess),
  '3.2.1.oss120_cost_more': (c) => both(c.system(OSS120)?.costUSD, c.system(GLM)?.costUSD, pctMore),
  '3.2.1.oss120_faster': (c) => both(c.system(OSS120)?.aiHours, c.system(GLM)?.aiHours, pctLess),
  'intro.h100x8_time_less': (c) => both(c.system(QWEN, /H100/, 8)?.aiHours, c.system(QWEN, /H100/, 1)?.aiHours, pctLess),
  '3.3.h100x8_time_less': (c) => both(c.system(QWEN, /H100/, 8)?.aiHours, c.system(QWEN, /H100/, 1)?.aiHours, pctLess),
  'intro.h100x8_energy_ratio': (c) => ratio(c.system(QWEN, /H100/, 8)?.energyMJ, c.system(QWEN, /H100/, 1)?.energyMJ),
  '3.3.h100x8_energy_ratio': (c) => ratio(c.system(QWEN, /H100/, 8)?.energyMJ, c.system(QWEN, /H100/, 1)?.energyMJ),
  '3.1.arch_more_per_task': (c) => both(c.category('Architecture & Eng.')?.valueUSD, c.category('Computer & Math')?.valueUSD, pctMore),
  '3.1.comp_higher_nvj': (c) => both(c.category('Computer & Math')?.nvj, c.category('Architecture & Eng.')?.nvj, pctMore),
  '3.1.comp_vs_personal_nvj': (c) => ratio(c.category('Computer & Math')?.nvj, c.category('Personal Care')?.nvj),
  '3.1.production_lower_nvj': (c) => both(c.category('Production')?.nvj, c.category('Protective Service')?.nvj, pctLess),
  '3.1.production_higher_tsj': (c) => both(c.category('Production')?.tsj, c.category('Protective Service')?.tsj, pctMore),
  // GDP-weighted expert-with-AI time against expert-only time over all tasks (section 3.1).
  '3.1.assisted_less_time': (c) => {
    const ds = c.dataset;
    if (ds.rows.tasks.some((t) => t.expert_ai_hours === null)) return null;
    const comp = taskComponents({ ...c.options, judgmentReference: 'expert_only' });
    const tasks = new Map(ds.rows.tasks.map((t) => [t.task_id, t]));
    const w = weightVector(ds, comp.occupations, c.options.weights ?? 'gdp');
    const avg = (f: (id: string) => number) => weightedTaskAverage(comp.occupationIndex, w, comp.taskIds.map(f));
    return pctLess(avg((id) => tasks.get(id)!.expert_ai_hours!), avg((id) => tasks.get(id)!.expert_hours));
  },
  '3.1.ai_shorter': (c) => c.cell('22', (r) => r.transition === 'expert_with_ai->ai_system', 'time_saving_pct'),
  'K.2.table22_auto_hours': (c) => c.cell('22', (r) => r.transition === 'expert_with_ai->ai_system', 'time_saving_hours'),
  'K.2.table22_total_hours': (c) => c.cell('22', (r) => r.transition === 'expert_only->ai_system', 'time_saving_hours'),
  'J.1.nv_per_ai_usd': (c) => c.primary()?.nvPerAIDollar ?? null,
  'J.1.nv_per_ai_hour': (c) => c.primary()?.nvPerAIHour ?? null,
  'K.1.both_nvj_reduction': (c) => c.cell('18', (r) => r.change === 'judgments and times', 'nvj_reduction_pct'),
  'K.1.both_tsj_reduction': (c) => c.cell('18', (r) => r.change === 'judgments and times', 'tsj_reduction_pct'),
  'K.1.total_points': (c) => c.cell('18', (r) => r.change === 'judgments and times', 'nvj_reduction_pct'),
  'K.1.nvj_judgment_share': (c) => c.cell('18', (r) => r.change === 'attribution: judgments', 'nvj_reduction_pct'),
  'K.1.nvj_time_share': (c) => c.cell('18', (r) => r.change === 'attribution: times', 'nvj_reduction_pct'),
  'K.1.tsj_judgment_share': (c) => c.cell('18', (r) => r.change === 'attribution: judgments', 'tsj_reduction_pct'),
  'K.1.tsj_time_share': (c) => c.cell('18', (r) => r.change === 'attribution: times', 'tsj_reduction_pct'),
  'K.2.total_hours': (c) => kTwo(c).total,
  'K.2.assist_hours': (c) => kTwo(c).assist,
  'K.2.auto_hours': (c) => kTwo(c).auto,
  'K.2.assist_pct': (c) => { const k = kTwo(c); return (100 * k.assist) / k.total; },
  'K.2.auto_pct': (c) => { const k = kTwo(c); return (100 * k.auto) / k.total; },
  'D.1.repeat_match_pct': (c) => c.cell('2', (r) => /attempt 1$/.test(String(r.judge_a)), 'exact_agreement_pct'),
  'D.1.repeat_match_k': (c) => {
    const pct = c.cell('2', (r) => /attempt 1$/.test(String(r.judge_a)), 'exact_agreement_pct');
    const n = c.cell('2', (r) => /attempt 1$/.test(String(r.judge_a)), 'pairs');
    return pct === null || n === null ? null : (pct * n) / 100;
  },
  '2.2.human_agree_pct': (c) => c.cell('2', (r) => r.judge_b === 'human' && String(r.judge_a) === (c.options.judge ?? c.dataset.manifest.primary_judge), 'binary_agreement_pct'),
  'D.1.expert_agree_pct': (c) => c.cell('2', (r) => r.judge_b === 'human' && String(r.judge_a) === (c.options.judge ?? c.dataset.manifest.primary_judge), 'binary_agreement_pct'),
};

function ratio(a: number | null | undefined, b: number | null | undefined): number | null {
  return a == null || b == null || b === 0 ? null : a / b;
}

function both(a: number | null | undefined, b: number | null | undefined, f: (a: number, b: number) => number): number | null {
  return a == null || b == null || b === 0 ? null : f(a, b);
}

/** Every text claim beside its reproduced value (table 'text', row = claim id, column = the quote). */
export function textClaimChecks(options: TableOptions & { published: Published; tables: Record<string, ColumnTable>; reference?: Reference | null; byConstruction?: (table: string, row: string, column: string) => boolean }): Comparison[] {
  const ds = options.dataset;
  let summaries: SystemSummary[] | null = null;
  const all = () => (summaries ??= systemSummaries(options));
  const bySystemModel = new Map([...table1Systems(ds)].map(([system, model]) => [model, system]));
  const labels = new Map(options.reference?.occupations.map((o) => [o.categoryLabel, o.category]) ?? []);
  let categories: ReturnType<typeof categorySummaries> | null = null;
  const ctx: ClaimContext = {
    options, dataset: ds, tables: options.tables,
    system(model, accelerator, count) {
      const id = accelerator === undefined
        ? bySystemModel.get(model)
        : ds.rows.systems.find((s) => s.model === model && accelerator.test(s.accelerator) && s.accelerator_count === count)?.system;
      return all().find((s) => s.system === id) ?? null;
    },
    primary() {
      return all().find((s) => s.system === (options.system ?? ds.manifest.primary_system)) ?? null;
    },
    category(label) {
      categories ??= categorySummaries(options);
      const name = labels.get(label) ?? label;
      return categories.find((c) => c.category === name) ?? null;
    },
    cell(table, match, column) {
      const t = options.tables[`table${table.padStart(2, '0')}`];
      const row = t ? (t.objects() as Record<string, unknown>[]).find(match) : undefined;
      const v = row?.[column];
      return typeof v === 'number' && Number.isFinite(v) ? v : null;
    },
  };
  return [...options.published.claims.values()].map((claim) => {
    const f = CLAIMS[claim.claimId];
    let value: number | null = null;
    if (f) {
      try {
        value = f(ctx);
      } catch (e) {
        if (!(e instanceof J2GError)) throw e;
        value = null; // the dataset lacks what the claim needs (a second reference, repeated runs)
      }
    }
    return compare({ table: 'text', row: claim.claimId, column: claim.quote }, value !== null && Number.isFinite(value) ? value : null,
      { value: claim.value, printed: claim.printed },
      { relative: 0.01, byConstruction: options.byConstruction?.('text', claim.claimId, '*') ?? false });
  });
}
