/**
 * From a dataset to the plain rows the figure builders draw: every number here comes from the table
 * builders and metrics of kernel-lib (the same code as the tables), never from published values.
 * Each function takes the table builders' options object, so a notebook can vary system, judge,
 * weights or rates and redraw.
 */
import type { Dataset } from '../data/load.ts';
import type { Reference } from '../data/schema.ts';
import { returnsOf } from '../metrics/aggregate.ts';
import { PASS_AT_1, policyLabel, threshold } from '../metrics/policy.ts';
import { taskComponents } from '../metrics/taskComponents.ts';
import { categorySummaries } from '../tables/table13.ts';
import { systemSummaries, type SystemSummary } from '../tables/table01.ts';
import { judgedAttempts, table19, table20 } from '../tables/policyTables.ts';
import { table22, TRANSITIONS } from '../tables/table22.ts';
import { evaluate } from '../tables/evaluate.ts';
import { weightVector } from '../metrics/aggregate.ts';
import type { TableOptions } from '../tables/options.ts';
import { warn } from '../warn.ts';
import type { CategoryRankingRow } from './figure03.ts';
import type { ReferenceRow } from './figure04.ts';
import type { SystemReturnRow } from './figure05.ts';
import type { DeploymentRow } from './figure06.ts';
import type { ScaleRow } from './figure07.ts';
import type { WeightRow } from './figure09.ts';
import type { PolicyRow } from './figure10.ts';
import type { DecompositionRow } from './figure11.ts';
import type { OutcomeRow } from './figure12.ts';
import { CATEGORY_PALETTE, SYSTEM_PALETTE, colourMap, type Provenance } from './theme.ts';

/** Category rows of Figures 1(c) and 3 (Table 13's categories with their ratios). */
export function categoryRows(options: TableOptions): CategoryRankingRow[] {
  return categorySummaries(options).map((c) => ({
    category: c.category, winTiePct: 100 * c.credit, winTiePctPerMJ: 100 * c.winTiePerMJ, nvj: c.nvj, tsj: c.tsj,
  }));
}

/**
 * One system per model (system id -> model), the comparison of Table 1 and Figures 1(d), 5 and 12:
 * when several deployments share a model, the one with the most accelerators (the paper compares
 * models on eight-accelerator nodes), then the first in systems.csv. Systems.csv order.
 */
export function modelSystems(ds: Dataset): Map<string, string> {
  const byModel = new Map<string, { system: string; count: number }>();
  for (const s of ds.rows.systems) {
    const best = byModel.get(s.model);
    if (!best || s.accelerator_count > best.count) byModel.set(s.model, { system: s.system, count: s.accelerator_count });
  }
  const chosen = new Set([...byModel.values()].map((v) => v.system));
  return new Map(ds.rows.systems.filter((s) => chosen.has(s.system)).map((s) => [s.system, s.model]));
}

/**
 * Models of Figures 1(d) and 5 (one system per model, see modelSystems): GDP-weighted NVJ and TSJ
 * (Table 1) and unweighted totals of output value, time saving and energy over each system's
 * evaluated tasks (attempt 1, expert-only, unless the options give another policy or reference).
 */
export function systemRows(options: TableOptions): SystemReturnRow[] {
  const models = modelSystems(options.dataset);
  return systemSummaries(options).filter((s) => models.has(s.system)).map((s) => {
    const reference = options.judgmentReference ?? 'expert_only';
    const c = taskComponents({ ...options, system: s.system, judgmentReference: reference, timeReference: options.timeReference ?? reference, policy: options.policy ?? PASS_AT_1 });
    return {
      system: s.system, label: models.get(s.system)!, nvj: s.nvj, tsj: s.tsj,
      energyMJ: sum(c.energyMJ), valueUSD: sum(c.valueUSD), timeSavingHours: sum(c.timeSavingHours),
    };
  });
}

function sum(x: ArrayLike<number>): number {
  let s = 0;
  for (let i = 0; i < x.length; i++) s += x[i];
  return s;
}

/** Whether the primary (or chosen) system has judgments against `reference` by the judge, with reference times. */
export function hasJudgments(options: TableOptions, reference: Reference): boolean {
  const ds = options.dataset;
  const judge = options.judge ?? ds.manifest.primary_judge;
  const system = options.system ?? ds.manifest.primary_system;
  const runs = new Set(ds.rows.runs.filter((r) => r.system === system).map((r) => r.run_id));
  const tasksTimed = ds.rows.tasks.every((t) => reference === 'expert_only' || t.expert_ai_hours !== null);
  return tasksTimed && ds.rows.judgments.some((j) => j.judge === judge && j.reference === reference && runs.has(j.run_id));
}

/** Figure 4: the two references, each judging and timing (Table 17's diagonal), primary system. */
export function referenceRows(options: TableOptions): ReferenceRow[] {
  const out: ReferenceRow[] = [];
  for (const reference of ['expert_only', 'expert_with_ai'] as const) {
    if (!hasJudgments(options, reference)) {
      warn(`no ${reference} judgments (or reference times) for the primary system; Figure 4 leaves that reference out`);
      continue;
    }
    const b = evaluate({ ...options, judgmentReference: reference, timeReference: reference }).benchmark;
    const r = returnsOf(b);
    out.push({ reference, winTiePct: 100 * b.credit, nvj: r.nvj, tsj: r.tsj });
  }
  return out;
}

/** Groups of systems that share a model and differ only in `by` (accelerator type or count). */
function deploymentGroups(ds: Dataset, by: 'accelerator' | 'accelerator_count'): Map<string, string[]> {
  const groups = new Map<string, string[]>();
  for (const s of ds.rows.systems) {
    const key = by === 'accelerator'
      ? `${s.model}|${s.harness}|${s.backend}|${s.accelerator_count}`
      : `${s.model}|${s.harness}|${s.backend}|${s.accelerator}`;
    groups.set(key, [...(groups.get(key) ?? []), s.system]);
  }
  for (const [k, list] of groups) {
    const values = new Set(list.map((id) => String(ds.rows.systems.find((s) => s.system === id)![by])));
    if (values.size < 2) groups.delete(k);
  }
  return groups;
}

function pickGroup(ds: Dataset, by: 'accelerator' | 'accelerator_count', model?: string): string[] | null {
  const groups = [...deploymentGroups(ds, by).entries()].filter(([k]) => model === undefined || k.startsWith(`${model}|`));
  if (!groups.length) return null;
  groups.sort((a, b) => b[1].length - a[1].length || (a[0] < b[0] ? -1 : 1));
  return groups[0][1];
}

function summariesOf(options: TableOptions, ids: string[]): SystemSummary[] {
  const all = systemSummaries(options);
  return ids.map((id) => all.find((s) => s.system === id)).filter((s): s is SystemSummary => s !== undefined);
}

/**
 * Figure 6: one model on different accelerator types (same count, harness and backend). Picks the
 * model with the most accelerator types unless `model` is given; null when the dataset has none.
 */
export function acceleratorRows(options: TableOptions & { model?: string }): { model: string; rows: DeploymentRow[] } | null {
  const ids = pickGroup(options.dataset, 'accelerator', options.model);
  if (!ids) return null;
  const rows = summariesOf(options, ids).map((s) => ({ system: s.system, label: `${s.acceleratorCount}× ${s.accelerator}`, nvj: s.nvj, tsj: s.tsj }));
  return { model: summariesOf(options, ids)[0]?.model ?? '', rows };
}

/** Figure 7: one model on different numbers of the same accelerator; null when the dataset has none. */
export function acceleratorCountRows(options: TableOptions & { model?: string }): { model: string; rows: ScaleRow[] } | null {
  const ids = pickGroup(options.dataset, 'accelerator_count', options.model);
  if (!ids) return null;
  const summaries = summariesOf(options, ids).sort((a, b) => a.acceleratorCount - b.acceleratorCount);
  const rows = summaries.map((s) => ({
    system: s.system, label: `${s.acceleratorCount}× ${s.accelerator}`, nvj: s.nvj, tsj: s.tsj,
    nvPerAIHour: s.nvPerAIHour, tsPerAIHour: s.aiHours > 0 ? s.timeSavingHours / s.aiHours : null,
  }));
  return { model: summaries[0]?.model ?? '', rows };
}

/** Figure 9: the weight of every occupation that has tasks, under the options' scheme. */
export function weightRows(options: TableOptions): WeightRow[] {
  const ds = options.dataset;
  const withTasks = new Set(ds.rows.tasks.map((t) => t.occupation));
  const occs = ds.rows.occupations.filter((o) => withTasks.has(o.occupation));
  const w = weightVector(ds, occs.map((o) => o.occupation), options.weights ?? 'gdp');
  return occs.map((o, i) => ({ occupation: o.occupation, category: o.category, sector: o.sector, weight: w[i] }));
}

/** Printed policy label: `>=3/4` → `≥3/4`. */
export function prettyPolicy(label: string): string {
  return label.replace('>=', '≥');
}

/**
 * Figure 10: pass@1..n and thresholds >=1/n..>=n/n (Tables 19 and 20), with their 95% intervals when
 * the tables carry them (the bootstrap is on unless `bootstrap: false`).
 */
export function policyRows(options: TableOptions): PolicyRow[] {
  const rows: PolicyRow[] = [];
  for (const [kind, table] of [['pass@k', table19(options)], ['threshold', table20(options)]] as const) {
    for (const r of table.objects() as Record<string, unknown>[]) {
      const num = (k: string) => (typeof r[k] === 'number' ? (r[k] as number) : null);
      rows.push({
        policy: prettyPolicy(String(r.policy)), kind, nvj: r.nvj as number, tsj: r.tsj as number,
        nvjLo: num('nvj_lo'), nvjHi: num('nvj_hi'), tsjLo: num('tsj_lo'), tsjHi: num('tsj_hi'),
      });
    }
  }
  return rows;
}

/** Figure 11: the Table 22 decomposition under each n-run threshold against the expert-with-AI reference. */
export function decompositionRows(options: TableOptions): DecompositionRow[] {
  const n = judgedAttempts(options, 'expert_with_ai');
  return Array.from({ length: n }, (_, i) => {
    const policy = threshold(i + 1, n);
    const byTransition = new Map((table22({ ...options, policy, bootstrap: false }).objects() as { transition: string; time_saving_hours: number; time_saving_pct: number | null }[]).map((r) => [r.transition, r]));
    const [assist, automation, total] = TRANSITIONS.map((t) => byTransition.get(t)!);
    return {
      policy: prettyPolicy(policyLabel(policy)),
      assistHours: assist.time_saving_hours, automationHours: automation.time_saving_hours,
      assistPct: assist.time_saving_pct ?? 0, automationPct: automation.time_saving_pct ?? 0, totalPct: total.time_saving_pct ?? 0,
    };
  });
}

/** Figure 12: win, tie and loss shares of attempt-1 outputs per model (the options' judgment reference, default expert-only; their judge). */
export function outcomeRows(options: TableOptions): OutcomeRow[] {
  const ds = options.dataset;
  const judge = options.judge ?? ds.manifest.primary_judge;
  const labels = modelSystems(ds);
  const firstRun = new Map(ds.rows.runs.filter((r) => r.attempt === 1).map((r) => [r.run_id, r.system]));
  const counts = new Map<string, { win: number; tie: number; loss: number }>();
  for (const j of ds.rows.judgments) {
    if (j.judge !== judge || j.reference !== (options.judgmentReference ?? 'expert_only')) continue;
    const system = firstRun.get(j.run_id);
    if (system === undefined) continue;
    const c = counts.get(system) ?? { win: 0, tie: 0, loss: 0 };
    c[j.outcome]++;
    counts.set(system, c);
  }
  return ds.rows.systems.filter((s) => counts.has(s.system) && labels.has(s.system)).map((s) => {
    const c = counts.get(s.system)!;
    const n = c.win + c.tie + c.loss;
    return { system: s.system, label: labels.get(s.system)!, winPct: (100 * c.win) / n, tiePct: (100 * c.tie) / n, lossPct: (100 * c.loss) / n, tasks: n };
  });
}

/** One colour per system (systems.csv order) and per category (name order), for every figure of a dataset. */
export function datasetColours(ds: Dataset): Record<string, string> {
  const categories = [...new Set(ds.rows.occupations.map((o) => o.category))].sort();
  return { ...colourMap(categories, CATEGORY_PALETTE), ...colourMap(ds.rows.systems.map((s) => s.system), SYSTEM_PALETTE) };
}

/** The caption's provenance fields from a dataset's manifest. */
export function provenanceOf(ds: Dataset): Provenance {
  const { name, provenance, energy_boundary } = ds.manifest;
  return { name, provenance, energy_boundary };
}
