/**
 * Numbers of the paper's text that kernel-lib/compare's textClaimCells does not compute: counts,
 * the category comparisons of section 3.1, the assisted expert's time, and K.2's time-saving split
 * (at >=1/4 against the expert-with-AI reference, as the reconstruction reads it). Each claim states
 * its formula below; comparisons between systems or categories use their GDP-weighted averages.
 * Claims about the set-up (hardware, rates, draws, laptop equivalents) are not data and stay
 * "not reproduced".
 */
import type { Dataset } from '../data/load.ts';
import { J2GError } from '../errors.ts';
import { threshold } from '../metrics/policy.ts';
import { evaluate } from '../tables/evaluate.ts';
import type { TableOptions } from '../tables/options.ts';
import type { ColumnTable } from 'arquero';
import { categorySummaries } from '../tables/table13.ts';
import type { ReproducedCell } from '../compare/index.ts';
import type { Reference } from '../reference/load.ts';

type Claim = (c: ClaimContext) => number | null;

interface ClaimContext {
  options: TableOptions;
  dataset: Dataset;
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

export const CLAIMS: Record<string, Claim> = {
  'intro.tasks': (c) => new Set(c.dataset.rows.runs.filter((r) => r.system === (c.options.system ?? c.dataset.manifest.primary_system)).map((r) => r.task_id)).size,
  'intro.occupations': (c) => new Set(c.dataset.rows.tasks.map((t) => t.occupation)).size,
  'intro.categories': (c) => new Set(c.dataset.rows.occupations.map((o) => o.category)).size,
  '2.1.sectors': (c) => c.dataset.rows.sectors.length,
  '3.1.arch_more_per_task': (c) => both(c.category('Architecture & Eng.')?.valueUSD, c.category('Computer & Math')?.valueUSD, pctMore),
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
};

function ratio(a: number | null | undefined, b: number | null | undefined): number | null {
  return a == null || b == null || b === 0 ? null : a / b;
}

function both(a: number | null | undefined, b: number | null | undefined, f: (a: number, b: number) => number): number | null {
  return a == null || b == null || b === 0 ? null : f(a, b);
}

/** Cells (table `text`, column `value`) of the claims above that the dataset determines. */
export function extraTextClaimCells(options: TableOptions & { tables: Record<string, ColumnTable>; reference?: Reference | null }): ReproducedCell[] {
  const ds = options.dataset;
  const labels = new Map(options.reference?.occupations.map((o) => [o.categoryLabel, o.category]) ?? []);
  let categories: ReturnType<typeof categorySummaries> | null = null;
  const ctx: ClaimContext = {
    options, dataset: ds,
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
  const out: ReproducedCell[] = [];
  for (const [id, f] of Object.entries(CLAIMS)) {
    let value: number | null;
    try {
      value = f(ctx);
    } catch (e) {
      if (!(e instanceof J2GError)) throw e;
      continue; // the dataset lacks what the claim needs (a second reference, four runs)
    }
    if (value !== null && Number.isFinite(value)) out.push({ table: 'text', row: id, column: 'value', value });
  }
  return out;
}
