/**
 * Captions of every paper figure and table from the options they were computed under (issue #11):
 * the weighting, the system, the judge, the judgment and time references, the attempt policy, the
 * node rates when they are not the recorded ones, and the bootstrap draws and seed where intervals
 * show. One module, so that a caption never states a default the options overrode: each fragment is
 * made from the resolved value, never written out as a literal in a builder.
 *
 * Provenance (dataset name, reconstructed / synthetic / recorded, energy boundary) is appended by
 * theme.ts baseLayout to every figure caption, and by `tableCaption` to every table caption.
 */
import type { Reference } from '../data/schema.ts';
import { policyLabel, type AttemptPolicy } from '../metrics/policy.ts';
import type { TableOptions } from '../tables/options.ts';
import { resolveContext, type ContextField, type ScenarioContext } from '../tables/context.ts';
import { TABLES, tableEntry } from '../tables/registry.ts';
import { pricedSystems } from '../tables/paperScenario.ts';
import { weightSchemeName } from '../weights/schemes.ts';
import { noiseWords, tasksOnly } from '../uncertainty/noise.ts';
import { provenanceText, type Provenance } from './theme.ts';

/** The resolved inputs a caption states. */
export interface CaptionContext {
  system: string;
  judge: string;
  judgmentReference: Reference;
  timeReference: Reference;
  policy: AttemptPolicy;
  /** "a tie credited 0 (the paper: 1)" when the tie credit is not the paper's, else null */
  ties: string | null;
  weights: string;
  /** "costs at ..." when the options change node rates, else null */
  rates: string | null;
  draws: number | null;
  seed: number | null;
  /** the sources beside task sampling the intervals cover (uncertainty/noise.ts noiseWords), or null: tasks only */
  noise: string | null;
  provenance: Provenance;
}

/** The resolved caption inputs of table/figure options (the context's values: no default of its own). */
export function captionContext(options: TableOptions | ScenarioContext): CaptionContext {
  const ctx = resolveContext(options);
  const ds = ctx.dataset;
  return {
    system: ctx.system,
    judge: ctx.judge,
    judgmentReference: ctx.judgmentReference,
    timeReference: ctx.timeReference,
    policy: ctx.policy,
    ties: ctx.tieCredit === 1 ? null : `a tie credited ${ctx.tieCredit} (the paper: 1)`,
    weights: weightSchemeName(ctx.weights),
    rates: ratesText(ctx),
    draws: ctx.bootstrap === false ? null : ctx.bootstrap.draws,
    seed: ctx.bootstrap === false ? null : ctx.bootstrap.seed,
    noise: tasksOnly(ctx.noise) ? null : noiseWords(ctx.noise),
    provenance: { name: ds.manifest.name, provenance: ds.manifest.provenance, energy_boundary: ds.manifest.energy_boundary },
  };
}

function ratesText(ctx: ScenarioContext): string | null {
  if (!ctx.rates) return null;
  const ds = ctx.dataset;
  const priced = pricedSystems(ctx);
  if (priced.length === 0) return 'recorded costs (no system re-priced)';
  const shown = priced.slice(0, 4).map(([s, r]) => `${s} at ${r} USD/node-hour`).join(', ');
  const rest = priced.length > 4 ? ` and ${priced.length - 4} more` : '';
  // a run without node_hours is re-priced as if all of its cost were node time (runCostAtRate), which
  // drops G.1's fixed non-node charges: say so where it happens
  const repriced = new Set(priced.map(([s]) => s));
  const noNodeHours = ds.rows.runs.some((r) => r.node_hours === null && repriced.has(r.system));
  return `costs re-priced (Appendix G.1): ${shown}${rest}${priced.length < ds.rows.systems.length ? '; other systems at their recorded cost' : ''}${noNodeHours ? '; runs without node_hours are re-priced as if all of their cost were node time (fixed non-node charges are not kept)' : ''}`;
}

const WEIGHT_WORDS: Record<string, string> = { gdp: 'GDP-weighted', employment: 'employment-weighted', equal: 'equally weighted', custom: 'custom-weighted' };

/** "GDP-weighted", "employment-weighted", "equally weighted" or "custom-weighted". @example weightsWords('equal') // => 'equally weighted' */
export function weightsWords(scheme: string): string {
  return WEIGHT_WORDS[scheme] ?? `${scheme}-weighted`;
}

const REF_WORDS: Record<Reference, string> = { expert_only: 'expert-only', expert_with_ai: 'expert-with-AI' };

/**
 * The references in words: one reference, or judgments against one with times from the other.
 * @example referenceWords('expert_with_ai', 'expert_only') // => 'expert-with-AI judgments with expert-only completion times'
 */
export function referenceWords(judgment: Reference, time: Reference): string {
  return judgment === time ? `${REF_WORDS[judgment]} reference` : `${REF_WORDS[judgment]} judgments with ${REF_WORDS[time]} completion times`;
}

/**
 * The attempt policy in words (Appendix K.2).
 * @example policyWords({ kind: 'pass', k: 2 }) // => 'pass@2 (2 attempts charged)'
 */
export function policyWords(policy: AttemptPolicy): string {
  if (policy.kind === 'pass') return policy.k === 1 ? 'attempt 1 (pass@1)' : `pass@${policy.k} (${policy.k} attempts charged)`;
  return `win-tie threshold ${policyLabel(policy).replace('>=', '≥')} (${policy.n} attempts charged)`;
}

/** "system S, P, R, judge J[, rates]": what one system's evaluation was computed under. */
function evaluation(c: CaptionContext, withSystem = true): string {
  return [withSystem ? `system ${c.system}` : null, policyWords(c.policy), c.ties, referenceWords(c.judgmentReference, c.timeReference), `judge ${c.judge}`, c.rates]
    .filter(Boolean).join(', ');
}

function intervals(c: CaptionContext, noiseApplies = true): string {
  if (c.draws === null) return 'no bootstrap intervals';
  if (c.noise === null) return `95% percentile intervals from ${c.draws} task-composition bootstrap draws (seed ${c.seed})`;
  // a two-stage bootstrap (tables/noisyDraws.ts) where the table takes the scenario's noise
  return noiseApplies
    ? `95% percentile intervals from ${c.draws} two-stage bootstrap draws over ${c.noise} (seed ${c.seed})`
    : `95% percentile intervals from ${c.draws} task-composition bootstrap draws (seed ${c.seed}; they cover tasks only, not the scenario's noise: ${c.noise})`;
}

/** Title and caption (without the provenance sentence, which baseLayout appends) of paper figure `id`. */
export function figureCaption(id: string, options: TableOptions | ScenarioContext): { title?: string; caption: string } {
  const c = captionContext(options);
  const W = weightsWords(c.weights);
  switch (id) {
    case '1a': return { caption: `${W} per-task averages; ${evaluation(c)}; NVJ = (G − C)/E and TSJ = S/E.` };
    case '1b': return { caption: 'Unweighted counts from the dataset: evaluated tasks and their occupations, categories and sectors; models, accelerator types and AI systems (model × accelerator × count).' };
    case '1scale': return { caption: `Task energy: ${W} per-task average; ${evaluation(c)}.` };
    case '2': return { caption: `One task, unweighted; credited under ${evaluation(c, false)}.` };
    case '1c': return { caption: `${W} category averages; ${evaluation(c)}; each panel ranked on its own.` };
    case '1d': return { caption: `Unweighted totals over each model's evaluated tasks; ${evaluation(c, false)}; filled markers lie on the efficient frontier (dotted).` };
    case '3': return { caption: `${W} category averages (category-normalised occupation weights); ${evaluation(c)}.` };
    case '4': return { caption: `System ${c.system}, ${policyWords(c.policy)}, judge ${c.judge}, ${W}${c.rates ? `, ${c.rates}` : ''}; judgments and expert completion times both from the named reference (Table 17 diagonal).` };
    case '5': return { caption: `Top: ${W} NVJ and TSJ. Bottom: unweighted totals over the evaluated tasks on log scales; filled markers lie on the efficient frontier (dotted). Every model: ${evaluation(c, false)}.` };
    case '6': return { caption: `Same model, harness, reference and judge on each accelerator; ${W}, ${evaluation(c, false)}.` };
    case '7': return { caption: `Per megajoule (left) and per AI hour (right); ${W}, ${evaluation(c, false)}.` };
    case '9': return { caption: `Occupation weights (${c.weights} scheme) summed by sector and by category; occupations coloured by category.` };
    case '10': return {
      caption: `System ${c.system}, expert-only reference${c.judgmentReference === 'expert_only' ? '' : ' (this figure keeps the expert-only reference; Table 21 has the expert-with-AI thresholds)'}, judge ${c.judge}, ${W}${c.rates ? `, ${c.rates}` : ''}. Left: pass@k charges the energy of k runs per task (Table 19). Right: the energy of all n runs is fixed while the win–tie threshold rises (Table 20). ${c.draws === null ? 'No intervals given.' : `Whiskers: ${intervals(c)}.`}`,
    };
    case '11': return { caption: `System ${c.system}, judge ${c.judge}; tasks meeting each win–tie threshold against the expert-with-AI reference (others contribute zero; both references and every threshold by construction); ${W}. Percentages use different denominators and should not be added.` };
    case '12': return { caption: `Share of attempt-1 outputs${c.policy.kind === 'pass' && c.policy.k === 1 ? '' : ` (single attempts: the ${policyLabel(c.policy)} policy does not apply to shares of outputs)`} judged a win, tie or loss against the ${REF_WORDS[c.judgmentReference]} reference by judge ${c.judge} (unweighted over tasks).` };
    default: return { caption: `${W}; ${evaluation(c)}.` };
  }
}

/**
 * Caption of table `name` ('table01' ... 'table22') under the options, ending with the provenance:
 * its registry subject (tables/registry.ts), then exactly the scenario fields its numbers depend on.
 * @example tableCaption('table13', { dataset: loadDataset('data/recorded/synthetic-small'), weights: 'equal' }).startsWith('Category components and ratios; equally weighted') // => true
 */
export function tableCaption(name: string, options: TableOptions | ScenarioContext): string {
  const entry = tableEntry(name);
  const on = (f: ContextField) => entry.dependsOn.includes(f);
  const c = captionContext(options);
  const parts = [
    weightsWords(c.weights),
    on('system') ? `system ${c.system}` : 'every AI system',
    on('policy') ? policyWords(c.policy) : null,
    on('tieCredit') ? c.ties : null,
    on('judgmentReference') || on('timeReference') ? referenceWords(c.judgmentReference, c.timeReference) : null,
    on('judge') ? `judge ${c.judge}` : null,
    on('rates') ? c.rates : null,
    entry.kind === 'interval-only' ? (c.draws === null ? null : `${c.draws} random portfolios (seed ${c.seed})`) : entry.kind === 'interval' ? intervals(c, on('noise')) : null,
  ].filter(Boolean);
  return `${entry.subject}; ${parts.join(', ')}. ${provenanceText(c.provenance)}`;
}

/** Every table's output name, in paper order (the registry's). */
export const TABLE_NAMES = TABLES.map((t) => t.name);
