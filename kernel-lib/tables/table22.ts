/**
 * Table 22: time-saving decomposition under pass@1 (Joules-to-GDP Appendix K.2, Table 22).
 *
 * Over the tasks whose attempt-1 output wins or ties against the expert-with-AI reference (Y_i = 1;
 * a loss contributes zero), GDP-weighted task averages of
 *   expert_only -> expert_with_ai :  Y_i (H_i^eo  - H_i^wai)     pct: / Y_i H_i^eo
 *   expert_with_ai -> ai_system   :  Y_i (H_i^wai - L_i)         pct: / Y_i H_i^wai
 *   expert_only -> ai_system      :  Y_i (H_i^eo  - L_i)         pct: / Y_i H_i^eo
 * Each percentage divides by the same tasks' time at the transition's starting reference. Energy is
 * the GDP-weighted attempt-1 energy of all tasks (empty for the first row); TSJ = saving / energy.
 * The first and last rows sum to the middle one plus the first (exact decomposition).
 * Columns: transition, time_saving_hours, time_saving_pct, energy_mj, tsj, and percentile 95%
 * task-composition intervals time_saving_hours_lo/_hi, time_saving_pct_lo/_hi, tsj_lo/_hi (one set of
 * draws shared by the three rows; each percentage and TSJ formed within the draw). A draw in which no
 * resampled task is credited leaves the percentage undefined: such draws are left out of the
 * percentage's interval, with a warning that counts them.
 */
import * as aq from 'arquero';
import type { ColumnTable } from 'arquero';
import { UnsupportedOutputError } from '../errors.ts';
import { weightVector, weightedTaskAverage } from '../metrics/aggregate.ts';
import { hoursAt, type TaskComponents } from '../metrics/taskComponents.ts';
import { timeSavingPerJoule } from '../metrics/timeSavingPerJoule.ts';
import type { TableOptions } from './options.ts';
import { resolveContext, withScenario, type ScenarioContext } from './context.ts';
import { componentsOf } from './evaluate.ts';
import { tableBootstrap } from '../uncertainty/tableBootstrap.ts';
import { benchmarkDraws } from '../uncertainty/groupMeanDraws.ts';
import { percentileInterval } from '../uncertainty/percentileInterval.ts';
import { tsjDraws } from '../uncertainty/ratioDraws.ts';
import { noiseWords, tasksOnly } from '../uncertainty/noise.ts';
import { warn } from '../warn.ts';

type Bounds = [number | null, number | null];
const NONE: Bounds = [null, null];

/** Interval of 100 s / d over the draws where d > 0. */
function pctBounds(s: Float64Array, d: Float64Array): Bounds {
  const ok: number[] = [];
  for (let b = 0; b < s.length; b++) if (d[b] > 0) ok.push((100 * s[b]) / d[b]);
  if (ok.length === 0) return NONE;
  const r = percentileInterval(Float64Array.from(ok));
  return [r.lower, r.upper];
}

export const TRANSITIONS = ['expert_only->expert_with_ai', 'expert_with_ai->ai_system', 'expert_only->ai_system'] as const;

/** Per-task arrays of the decomposition: Y^wai, H^eo, H^wai, L, E (attempt 1 unless a policy is given). */
export interface DecompositionInputs {
  base: TaskComponents;
  expertOnlyHours: Float64Array;
  expertAIHours: Float64Array;
}

export function decompositionInputs(options: TableOptions | ScenarioContext): DecompositionInputs {
  const ctx = resolveContext(options);
  const base = componentsOf(withScenario(ctx, { judgmentReference: 'expert_with_ai', timeReference: 'expert_with_ai' }));
  const tasks = new Map(ctx.dataset.rows.tasks.map((t) => [t.task_id, t]));
  const eo = Float64Array.from(base.taskIds, (id) => hoursAt(tasks.get(id)!, 'expert_only')!);
  const wai = Float64Array.from(base.taskIds, (id) => {
    const h = hoursAt(tasks.get(id)!, 'expert_with_ai');
    if (h === null) throw new UnsupportedOutputError(`task ${id} has no expert_with_ai completion time`);
    return h;
  });
  return { base, expertOnlyHours: eo, expertAIHours: wai };
}

export function table22(options: TableOptions | ScenarioContext): ColumnTable {
  const ctx = resolveContext(options);
  const { base, expertOnlyHours: eo, expertAIHours: wai } = decompositionInputs(ctx);
  if (ctx.bootstrap !== false && !tasksOnly(ctx.noise)) warn(`table22: its intervals cover task sampling only; the scenario's noise (${noiseWords(ctx.noise)}) applies to Tables 13 and 17-21, not to the time-saving decomposition`);
  // Mean AI time of the credited attempts: S^wai = Y (H^wai - Lbar) gives Lbar = H^wai - S/Y.
  const n = base.taskIds.length;
  const fields = {
    s1: new Float64Array(n), d1: new Float64Array(n), s2: new Float64Array(n), d2: new Float64Array(n), s3: new Float64Array(n),
  };
  for (let i = 0; i < n; i++) {
    const y = base.credit[i];
    const lbar = y ? wai[i] - base.timeSavingHours[i] / y : 0; // y < 1: a tie under a tie credit below 1
    fields.s1[i] = y * (eo[i] - wai[i]);
    fields.d1[i] = y * eo[i];
    fields.s2[i] = y * (wai[i] - lbar);
    fields.d2[i] = y * wai[i];
    fields.s3[i] = y * (eo[i] - lbar);
  }
  const weights = weightVector(ctx.dataset, base.occupations, ctx.weights);
  const avg = (x: Float64Array) => weightedTaskAverage(base.occupationIndex, weights, x);
  const energy = avg(base.energyMJ);
  const s1 = avg(fields.s1), d1 = avg(fields.d1), s2 = avg(fields.s2), d2 = avg(fields.d2), s3 = avg(fields.s3);
  const pct = (s: number, d: number) => (d > 0 ? (100 * s) / d : null);
  const hoursCi: Bounds[] = [NONE, NONE, NONE], pctCi: Bounds[] = [NONE, NONE, NONE], tsjCi: Bounds[] = [NONE, NONE, NONE];
  const boot = tableBootstrap(ctx, base);
  if (boot) {
    const [S1, D1, S2, D2, S3, E] = benchmarkDraws(boot, [fields.s1, fields.d1, fields.s2, fields.d2, fields.s3, base.energyMJ], weights);
    const bounds = (x: Float64Array): Bounds => { const r = percentileInterval(x); return [r.lower, r.upper]; };
    [S1, S2, S3].forEach((s, k) => { hoursCi[k] = bounds(s); });
    // D1 and D2 are both zero exactly when no resampled task is credited.
    let undefinedDraws = 0;
    for (let b = 0; b < D1.length; b++) if (!(D1[b] > 0)) undefinedDraws++;
    if (undefinedDraws) warn(`table22: time_saving_pct undefined in ${undefinedDraws} of ${D1.length} draws (no credited task); its intervals use the other draws`);
    pctCi[0] = pctBounds(S1, D1);
    pctCi[1] = pctBounds(S2, D2);
    pctCi[2] = pctBounds(S3, D1);
    tsjCi[1] = bounds(tsjDraws(S2, E));
    tsjCi[2] = bounds(tsjDraws(S3, E));
  }
  const ci = (k: number) => ({
    time_saving_hours_lo: hoursCi[k][0], time_saving_hours_hi: hoursCi[k][1],
    time_saving_pct_lo: pctCi[k][0], time_saving_pct_hi: pctCi[k][1],
    tsj_lo: tsjCi[k][0], tsj_hi: tsjCi[k][1],
  });
  return aq.from([
    { transition: TRANSITIONS[0], time_saving_hours: s1, time_saving_pct: pct(s1, d1), energy_mj: null, tsj: null, ...ci(0) },
    { transition: TRANSITIONS[1], time_saving_hours: s2, time_saving_pct: pct(s2, d2), energy_mj: energy, tsj: timeSavingPerJoule(s2, energy), ...ci(1) },
    { transition: TRANSITIONS[2], time_saving_hours: s3, time_saving_pct: pct(s3, d1), energy_mj: energy, tsj: timeSavingPerJoule(s3, energy), ...ci(2) },
  ]);
}
