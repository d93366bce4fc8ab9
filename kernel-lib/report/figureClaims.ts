/**
 * The qualitative claims of the paper's figure captions and of its text about a figure (an order, a
 * direction, a leader, a crossing; data/published/figure_claims.csv quotes each), checked on the rows
 * the figure draws (plots/rows.ts), so that a figure cannot contradict its caption unnoticed (issue
 * #24: on the reconstructed dataset Figure 11's assisted share falls with the threshold while its
 * caption says it rises).
 *
 * Status: `holds`, `fails`, `not checked` (the dataset cannot give the figure, or a claim names the
 * paper's systems and the dataset's systems are not the paper's), or `differs from the paper` (the
 * scenario differs from the paper's in a field the figure depends on, so the caption is not about it).
 * Each check states its rule below; `detail` gives the values it compared.
 */
import { join } from 'node:path';
import { readCsv } from '../io/csv.ts';
import { DEFAULT_PUBLISHED_DIR } from '../published/index.ts';
import { UnsupportedOutputError, ValidationError } from '../errors.ts';
import { resolveContext, type ScenarioContext } from '../tables/context.ts';
import type { TableOptions } from '../tables/options.ts';
import { differencesFor, differsWords, scenarioDifferences } from '../tables/paperScenario.ts';
import { figureEntry } from '../plots/registry.ts';
import {
  acceleratorCountRows, acceleratorRows, categoryRows, decompositionRows, hasJudgments, policyRows, referenceRows, systemRows,
} from '../plots/rows.ts';
import type { Reference } from '../reference/load.ts';
import type { DecompositionRow } from '../plots/figure11.ts';

export type FigureClaimStatus = 'holds' | 'fails' | 'not checked' | 'differs from the paper';

export interface FigureClaim {
  id: string;
  /** the figure id of plots/registry.ts ('1c', '11', ...) */
  figure: string;
  /** where the paper says it ('Figure 11' for a caption, '3.2' for a section) */
  section: string;
  kind: 'order' | 'direction' | 'leader' | 'crossing';
  quote: string;
  line: number;
}

export interface FigureClaimResult extends Omit<FigureClaim, 'line'> {
  status: FigureClaimStatus;
  /** the values compared, or why the claim was not checked */
  detail: string;
}

const HEADER = ['claim_id', 'figure', 'section', 'kind', 'quote'];
const KINDS = new Set(['order', 'direction', 'leader', 'crossing']);

/** Read data/published/figure_claims.csv (or `dir`'s); a bad row is an error naming file, line and column. */
export function loadFigureClaims(dir: string = DEFAULT_PUBLISHED_DIR): FigureClaim[] {
  const file = 'figure_claims.csv';
  const csv = readCsv(join(dir, file), file);
  if (csv.header.join(',') !== HEADER.join(',')) throw new ValidationError([{ file, line: 1, message: `expected the header ${HEADER.join(',')}, found ${csv.header.join(',')}` }]);
  const issues: { file: string; line: number; column: string; message: string }[] = [];
  const out: FigureClaim[] = [];
  for (const r of csv.rows) {
    const v = r.values;
    if (!CHECKS[v.claim_id]) issues.push({ file, line: r.line, column: 'claim_id', message: `expected a claim with a check in kernel-lib/report/figureClaims.ts (${Object.keys(CHECKS).join(', ')}), found ${JSON.stringify(v.claim_id)}` });
    else if (out.some((c) => c.id === v.claim_id)) issues.push({ file, line: r.line, column: 'claim_id', message: `duplicate claim ${v.claim_id}` });
    if (!KINDS.has(v.kind)) issues.push({ file, line: r.line, column: 'kind', message: `expected order, direction, leader or crossing, found ${JSON.stringify(v.kind)}` });
    try {
      figureEntry(v.figure);
    } catch {
      issues.push({ file, line: r.line, column: 'figure', message: `expected a figure id of plots/registry.ts, found ${JSON.stringify(v.figure)}` });
    }
    if (!v.quote) issues.push({ file, line: r.line, column: 'quote', message: 'expected the sentence quoted as printed' });
    out.push({ id: v.claim_id, figure: v.figure, section: v.section, kind: v.kind as FigureClaim['kind'], quote: v.quote, line: r.line });
  }
  if (issues.length) throw new ValidationError(issues);
  return out;
}

/** A check: true or false with the values compared, or null with why it cannot be checked. */
type Verdict = { holds: boolean | null; detail: string };
type Check = { paperSystems?: boolean; run: (ctx: ScenarioContext, reference?: Reference | null) => Verdict };

const f2 = (x: number) => (Math.abs(x) >= 100 ? x.toFixed(0) : Math.abs(x) >= 1 ? x.toFixed(2) : x.toPrecision(3));
const pct = (x: number) => `${(100 * x).toFixed(0)}%`;
const cannot = (detail: string): Verdict => ({ holds: null, detail });

function argmax<T>(xs: readonly T[], by: (x: T) => number): T {
  return xs.reduce((a, b) => (by(b) > by(a) ? b : a));
}
function argmin<T>(xs: readonly T[], by: (x: T) => number): T {
  return xs.reduce((a, b) => (by(b) < by(a) ? b : a));
}
/** 1 = highest */
function rankOf<T>(xs: readonly T[], x: T, by: (x: T) => number): number {
  return 1 + xs.filter((y) => by(y) > by(x)).length;
}
/** every step of `xs` strictly lower than the one before */
function decreasing(xs: readonly number[]): boolean {
  return xs.every((x, i) => i === 0 || x < xs[i - 1]);
}

function modelRow(ctx: ScenarioContext, model: string) {
  return systemRows(ctx).find((r) => r.label === model);
}

function categoryLabel(reference: Reference | null | undefined, category: string): string {
  return reference?.occupations.find((o) => o.category === category)?.categoryLabel ?? category;
}

export const CHECKS: Record<string, Check> = {
  // Figure 1(c): the category with the highest NVJ is not the one with the highest TSJ
  'fig1c.leaders_differ': { run: (ctx, ref) => {
    const rows = categoryRows(ctx);
    const n = argmax(rows, (r) => r.nvj);
    const t = argmax(rows, (r) => r.tsj);
    return { holds: n.category !== t.category, detail: `NVJ leader ${categoryLabel(ref, n.category)}, TSJ leader ${categoryLabel(ref, t.category)}` };
  } },
  // Figure 1(d): the model with the most total output value is not the one with the least energy
  'fig1d.value_needs_energy': { run: (ctx) => {
    const rows = systemRows(ctx);
    if (rows.length < 2) return cannot('one model: nothing to compare');
    const v = argmax(rows, (r) => r.valueUSD);
    const e = argmin(rows, (r) => r.energyMJ);
    return { holds: v.system !== e.system && v.energyMJ > e.energyMJ, detail: `most value: ${v.label} (${f2(v.valueUSD)} USD, ${f2(v.energyMJ)} MJ); least energy: ${e.label} (${f2(e.energyMJ)} MJ)` };
  } },
  // Section 3.1 / Figure 3: Production's rank by TSJ is below its rank by time saving per task
  'fig3.production_falls': { run: (ctx, ref) => {
    const rows = categoryRows(ctx);
    const p = rows.find((r) => /^Production\b/.test(categoryLabel(ref, r.category)));
    if (!p) return cannot('no Production category');
    const perTask = rankOf(rows, p, (r) => r.timeSavingHours);
    const perMJ = rankOf(rows, p, (r) => r.tsj);
    return { holds: perMJ > perTask, detail: `Production ranks ${perTask} in time saving per task, ${perMJ} in TSJ` };
  } },
  // Figure 4: NVJ, TSJ and win–tie against the expert-with-AI reference below the expert-only ones
  'fig4.nvj_lower_with_ai': { run: (ctx) => references(ctx, 'nvj', 'NVJ') },
  'fig4.tsj_lower_with_ai': { run: (ctx) => references(ctx, 'tsj', 'TSJ') },
  'fig4.wintie_lower_with_ai': { run: (ctx) => references(ctx, 'winTiePct', 'win–tie %') },
  // Figure 5: Gemma 4 31B has the highest GDP-weighted NVJ, and the highest TSJ, of the models
  'fig5.nvj_leader': { paperSystems: true, run: (ctx) => leader(ctx, 'Gemma 4 31B', (r) => r.nvj, 'NVJ') },
  'fig5.tsj_leader': { paperSystems: true, run: (ctx) => leader(ctx, 'Gemma 4 31B', (r) => r.tsj, 'TSJ') },
  // Figure 5's frontiers: Gemma 4 31B uses the least total energy (the low-energy end of both)
  'fig5.low_energy_end': { paperSystems: true, run: (ctx) => {
    const rows = systemRows(ctx);
    const e = argmin(rows, (r) => r.energyMJ);
    return { holds: e.label === 'Gemma 4 31B', detail: `least total energy: ${e.label} (${f2(e.energyMJ)} MJ)` };
  } },
  // ... and GLM 5.2 delivers the most total output value and the most total time saving (the high-benefit end of both)
  'fig5.high_benefit_end': { paperSystems: true, run: (ctx) => {
    const rows = systemRows(ctx);
    const v = argmax(rows, (r) => r.valueUSD);
    const t = argmax(rows, (r) => r.timeSavingHours);
    return { holds: v.label === 'GLM 5.2' && t.label === 'GLM 5.2', detail: `most total value: ${v.label}; most total time saving: ${t.label}` };
  } },
  // GPT-OSS 120B is on the value frontier (no model has less or equal energy and more value) with
  // energy between Gemma 4 31B's and GLM 5.2's
  'fig5.oss_between': { paperSystems: true, run: (ctx) => {
    const rows = systemRows(ctx);
    const [oss, gemma, glm] = ['GPT-OSS 120B', 'Gemma 4 31B', 'GLM 5.2'].map((m) => modelRow(ctx, m));
    if (!oss || !gemma || !glm) return cannot('GPT-OSS 120B, Gemma 4 31B or GLM 5.2 missing');
    const dominated = rows.some((r) => r.system !== oss.system && r.energyMJ <= oss.energyMJ && r.valueUSD > oss.valueUSD);
    const between = oss.energyMJ > gemma.energyMJ && oss.energyMJ < glm.energyMJ;
    return { holds: !dominated && between, detail: `GPT-OSS 120B ${f2(oss.energyMJ)} MJ, ${f2(oss.valueUSD)} USD (${dominated ? 'dominated' : 'on the frontier'}); Gemma ${f2(gemma.energyMJ)} MJ, GLM ${f2(glm.energyMJ)} MJ` };
  } },
  // Figure 6: the B200 deployment has the highest NVJ and the highest TSJ
  'fig6.b200_leads': { paperSystems: true, run: (ctx) => {
    const g = acceleratorRows(ctx);
    if (!g) return cannot('no model on two accelerator types');
    const n = argmax(g.rows, (r) => r.nvj);
    const t = argmax(g.rows, (r) => r.tsj);
    return { holds: /B200/.test(n.label) && /B200/.test(t.label), detail: `NVJ leader ${n.label} (${f2(n.nvj)}), TSJ leader ${t.label} (${f2(t.tsj)})` };
  } },
  // Figure 7: the most accelerators give more net value per AI hour; the fewest give higher NVJ and TSJ
  'fig7.crossing': { run: (ctx) => {
    const g = acceleratorCountRows(ctx);
    if (!g) return cannot('no model on two accelerator counts');
    const few = g.rows[0];
    const many = g.rows[g.rows.length - 1];
    if (few.nvPerAIHour === null || many.nvPerAIHour === null) return cannot('no AI hours recorded');
    const holds = many.nvPerAIHour > few.nvPerAIHour && few.nvj > many.nvj && few.tsj > many.tsj;
    return { holds, detail: `${many.label}: ${f2(many.nvPerAIHour)} USD per AI hour, NVJ ${f2(many.nvj)}, TSJ ${f2(many.tsj)}; ${few.label}: ${f2(few.nvPerAIHour)} USD per AI hour, NVJ ${f2(few.nvj)}, TSJ ${f2(few.tsj)}` };
  } },
  // Figure 10 (left): NVJ and TSJ fall at every step pass@1 -> pass@2 -> ... (right): at every stricter threshold
  'fig10.more_runs_lower': { run: (ctx) => policies(ctx, 'pass@k') },
  'fig10.stricter_threshold_lower': { run: (ctx) => policies(ctx, 'threshold') },
  // Figure 11: automation (expert-with-AI -> AI system) saves hours at every threshold
  'fig11.automation_adds': { run: (ctx) => {
    const rows = decomposition(ctx);
    return rows ? automationAddsClaim(rows) : cannot('no expert-with-AI reference');
  } },
  // Figure 11: at the loosest threshold automation saves more hours than assistance
  'fig11.automation_at_low': { run: (ctx) => {
    const rows = decomposition(ctx);
    if (!rows) return cannot('no expert-with-AI reference');
    const r = rows[0];
    return { holds: r.automationHours > r.assistHours, detail: `at ${r.policy}: automation ${f2(r.automationHours)} h, assistance ${f2(r.assistHours)} h` };
  } },
  // ... and assistance's share of the saved hours is larger at the strictest threshold than at the loosest
  'fig11.assistance_at_strict': { run: (ctx) => {
    const rows = decomposition(ctx);
    return rows ? assistanceShareClaim(rows) : cannot('no expert-with-AI reference');
  } },
};

/**
 * Figure 11's "Automation adds time saving beyond expert assistance" on its rows: the automation
 * transition (expert-with-AI -> AI system) saves a positive number of hours at every threshold drawn.
 * @example automationAddsClaim([{ policy: '≥1/2', assistHours: 1, automationHours: 3, assistPct: 0, automationPct: 0, totalPct: 0 }, { policy: '≥2/2', assistHours: 1, automationHours: 0, assistPct: 0, automationPct: 0, totalPct: 0 }])
 * // => { holds: false, detail: 'automation saves 3.00 h at ≥1/2, 0.00 h at ≥2/2' }
 */
export function automationAddsClaim(rows: readonly DecompositionRow[]): { holds: boolean | null; detail: string } {
  if (!rows.length) return cannot('no threshold drawn');
  return { holds: rows.every((r) => r.automationHours > 0), detail: `automation saves ${rows.map((r) => `${f2(r.automationHours)} h at ${r.policy}`).join(', ')}` };
}

/**
 * Figure 11's "at stricter thresholds, more come from expert assistance" on its rows (loosest
 * threshold first): assistance's share of the saved hours larger at the strictest than at the loosest.
 * @example assistanceShareClaim([{ policy: '≥1/2', assistHours: 1, automationHours: 3, assistPct: 0, automationPct: 0, totalPct: 0 }, { policy: '≥2/2', assistHours: 1, automationHours: 1, assistPct: 0, automationPct: 0, totalPct: 0 }])
 * // => { holds: true, detail: "assistance's share of saved hours: 25% at ≥1/2, 50% at ≥2/2" }
 */
export function assistanceShareClaim(rows: readonly DecompositionRow[]): { holds: boolean | null; detail: string } {
  const share = (r: DecompositionRow) => r.assistHours / (r.assistHours + r.automationHours);
  const lo = rows[0];
  const hi = rows[rows.length - 1];
  if (!(hi.assistHours + hi.automationHours > 0)) return cannot(`no time is saved at ${hi.policy}, so it has no share`);
  return { holds: share(hi) > share(lo), detail: `assistance's share of saved hours: ${rows.map((r) => `${pct(share(r))} at ${r.policy}`).join(', ')}` };
}

function references(ctx: ScenarioContext, key: 'nvj' | 'tsj' | 'winTiePct', what: string): Verdict {
  if (!hasJudgments(ctx, 'expert_with_ai')) return cannot('no expert-with-AI reference');
  const rows = referenceRows(ctx);
  const eo = rows.find((r) => r.reference === 'expert_only');
  const ewa = rows.find((r) => r.reference === 'expert_with_ai');
  if (!eo || !ewa) return cannot('needs both references');
  return { holds: ewa[key] < eo[key], detail: `${what}: expert-with-AI ${f2(ewa[key])}, expert-only ${f2(eo[key])}` };
}

function leader(ctx: ScenarioContext, model: string, by: (r: ReturnType<typeof systemRows>[number]) => number, what: string): Verdict {
  const rows = systemRows(ctx);
  const top = argmax(rows, by);
  return { holds: top.label === model, detail: `${what} leader ${top.label} (${f2(by(top))})` };
}

function policies(ctx: ScenarioContext, kind: 'pass@k' | 'threshold'): Verdict {
  const rows = policyRows(ctx).filter((r) => r.kind === kind);
  if (rows.length < 2) return cannot('needs two or more attempts per task');
  const holds = decreasing(rows.map((r) => r.nvj)) && decreasing(rows.map((r) => r.tsj));
  return { holds, detail: rows.map((r) => `${r.policy}: NVJ ${f2(r.nvj)}, TSJ ${f2(r.tsj)}`).join('; ') };
}

function decomposition(ctx: ScenarioContext) {
  return hasJudgments(ctx, 'expert_with_ai') ? decompositionRows(ctx) : null;
}

export interface FigureClaimOptions {
  /** whether the dataset's systems are the paper's (report/paperDataset.ts); claims that name the paper's systems are checked only then */
  isPaper: boolean;
  reference?: Reference | null;
  /** the claims (default: data/published/figure_claims.csv) */
  claims?: readonly FigureClaim[];
}

/** Every figure claim checked under the scenario (see the module comment). */
export function figureClaims(options: TableOptions | ScenarioContext, settings: FigureClaimOptions): FigureClaimResult[] {
  const ctx = resolveContext(options);
  const differences = scenarioDifferences(ctx);
  return (settings.claims ?? loadFigureClaims()).map(({ line: _line, ...c }) => {
    const check = CHECKS[c.id];
    const why = differsWords(differencesFor(differences, figureEntry(c.figure).dependsOn));
    if (why) return { ...c, status: 'differs from the paper' as const, detail: why };
    if (check.paperSystems && !settings.isPaper) return { ...c, status: 'not checked' as const, detail: "it names the paper's systems, and this dataset's systems are not the paper's" };
    let v: Verdict;
    try {
      v = check.run(ctx, settings.reference);
    } catch (e) {
      if (!(e instanceof UnsupportedOutputError)) throw e;
      v = cannot(e.message);
    }
    return { ...c, status: v.holds === null ? 'not checked' as const : v.holds ? 'holds' as const : 'fails' as const, detail: v.detail };
  });
}
