/**
 * How a resolved context differs from the paper's baseline scenario, and the one sentence every
 * surface (notebooks, explorer, report, compare) uses to say so.
 *
 * The paper's baseline (Joules-to-GDP sections 2.5 and 3.2.1, Appendix G.1, K.1, K.2): the dataset's
 * primary system and primary judge, judgments and completion times against the expert-only reference,
 * attempt 1 (pass@1), GDP occupation weights, the recorded costs, Wilson win-tie intervals (Table 15).
 * Bootstrap draws and seed are not differences: they change an interval's Monte Carlo error, not the
 * quantity it estimates.
 *
 * A published number may be set beside a reproduced one only when no field the output depends on
 * differs (`differencesFor`); otherwise the cell "differs from the paper because you changed weights
 * (employment)", never "off".
 */
import { policyLabel } from '../metrics/policy.ts';
import { PAPER_TIE_CREDIT, nodeRateOf } from '../metrics/taskComponents.ts';
import { weightSchemeName } from '../weights/schemes.ts';
import { noiseWords } from '../uncertainty/noise.ts';
import { resolveContext, type ContextField, type ScenarioContext } from './context.ts';
import type { TableOptions } from './options.ts';

/** The context fields that can make an output differ from the paper's (bootstrap and sweep excluded). */
export const PAPER_FIELDS = ['system', 'judge', 'judgmentReference', 'timeReference', 'policy', 'tieCredit', 'weights', 'rates', 'winTieInterval', 'noise'] as const;
export type PaperField = (typeof PAPER_FIELDS)[number] & ContextField;

export interface ScenarioDifference {
  field: PaperField;
  /** the context's value in words: `employment`, `pass@2`, `sysB`, `sysA at 50.44 USD/node-hour` */
  value: string;
  /** the paper's value in words */
  paper: string;
}

/**
 * The systems a context re-prices, in systems.csv order, each with its replacement node rate (USD per
 * node-hour); empty under recorded costs. Captions and the differences from the paper both list them.
 */
export function pricedSystems(ctx: ScenarioContext): (readonly [string, number])[] {
  return ctx.dataset.rows.systems.map((s) => [s.system, nodeRateOf(ctx.rates, s.system)] as const).filter((p): p is readonly [string, number] => p[1] !== undefined);
}

function ratesValue(ctx: ScenarioContext): string {
  const priced = pricedSystems(ctx);
  if (priced.length === 0) return 'recorded costs';
  const shown = priced.slice(0, 3).map(([s, r]) => `${s} at ${r} USD/node-hour`).join(', ');
  return priced.length > 3 ? `${shown} and ${priced.length - 3} more` : shown;
}

/**
 * Every field of the context that differs from the paper's baseline, in PAPER_FIELDS order.
 * @example scenarioDifferences({ dataset: loadDataset('data/recorded/synthetic-small'), weights: 'employment' }) // => [{ field: 'weights', value: 'employment', paper: 'gdp' }]
 */
export function scenarioDifferences(options: TableOptions | ScenarioContext): ScenarioDifference[] {
  const ctx = resolveContext(options);
  const m = ctx.dataset.manifest;
  const out: ScenarioDifference[] = [];
  const add = (field: PaperField, value: string, paper: string) => { if (value !== paper) out.push({ field, value, paper }); };
  add('system', ctx.system, m.primary_system);
  add('judge', ctx.judge, m.primary_judge);
  add('judgmentReference', ctx.judgmentReference, 'expert_only');
  add('timeReference', ctx.timeReference, 'expert_only');
  add('policy', policyLabel(ctx.policy), 'pass@1');
  add('tieCredit', String(ctx.tieCredit), String(PAPER_TIE_CREDIT));
  // custom weights (an object) are named 'custom' by weightSchemeName, never 'gdp': always a difference
  add('weights', weightSchemeName(ctx.weights), 'gdp');
  add('rates', ratesValue(ctx), 'recorded costs');
  add('winTieInterval', ctx.winTieInterval, 'wilson');
  // intervals over more sources than tasks estimate another spread (only interval columns depend on it)
  add('noise', noiseWords(ctx.noise), 'tasks only');
  return out;
}

/** The differences among `fields` (an output's dependencies). */
export function differencesFor(differences: readonly ScenarioDifference[], fields: readonly string[]): ScenarioDifference[] {
  return differences.filter((d) => fields.includes(d.field));
}

/**
 * The sentence every surface shows for a cell or output that is not compared with the paper, or null
 * when nothing differs.
 * @example differsWords([{ field: 'weights', value: 'employment', paper: 'gdp' }]) // => 'differs from the paper because you changed weights (employment)'
 */
export function differsWords(differences: readonly ScenarioDifference[]): string | null {
  if (differences.length === 0) return null;
  const parts = differences.map((d) => `${d.field} (${d.value})`);
  const list = parts.length === 1 ? parts[0] : `${parts.slice(0, -1).join(', ')} and ${parts[parts.length - 1]}`;
  return `differs from the paper because you changed ${list}`;
}
