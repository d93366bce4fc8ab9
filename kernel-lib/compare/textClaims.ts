/**
 * Numbers of the paper's text, recomputed from a dataset's per-system summaries and agreement rows,
 * as cells of table `text` (row = claim id in data/published/text_claims.csv, column `value`).
 * Only the claims that a task-level dataset determines are here; a claim whose systems the dataset
 * lacks is left out.
 */
import type { ColumnTable } from 'arquero';
import type { SystemSummary } from '../tables/table01.ts';
import type { ReproducedCell, SourcedCell } from './cells.ts';

/** A text claim's cell; `source` when its value is one built table cell copied as it is (report/cellProvenance.ts). */
export type ClaimCell = ReproducedCell & { source?: SourcedCell['source'] };

export interface ClaimSystems {
  /** system ids by role; any may be missing */
  primary?: string;
  gemma?: string;
  oss120?: string;
  qwenEight?: string;
  qwenOne?: string;
}

export function textClaimCells(summaries: SystemSummary[], roles: ClaimSystems, agreement?: ColumnTable, judges: { main?: string; human?: string } = {}, reductions?: ColumnTable): ClaimCell[] {
  const by = new Map(summaries.map((s) => [s.system, s]));
  const get = (id?: string) => (id ? by.get(id) : undefined);
  const out: ClaimCell[] = [];
  const put = (id: string, value: number | null, source?: ClaimCell['source']) => out.push({ table: 'text', row: id, column: 'value', value, ...(source ? { source } : {}) });
  const glm = get(roles.primary), gemma = get(roles.gemma), oss = get(roles.oss120), q8 = get(roles.qwenEight), q1 = get(roles.qwenOne);
  if (glm) {
    for (const id of ['intro.glm_value', '3.2.glm_value']) put(id, glm.valueUSD);
    for (const id of ['intro.glm_hours', '3.2.glm_hours']) put(id, glm.timeSavingHours);
    for (const id of ['intro.glm_energy', '3.2.glm_energy']) put(id, glm.energyMJ);
    put('3.2.h200_minutes', (glm.energyMJ * 1e6) / 700 / 60);
    put('J.1.nv_per_ai_usd', glm.nvPerAIDollar);
    put('J.1.nv_per_ai_hour', glm.nvPerAIHour);
  }
  if (glm && gemma) {
    put('3.2.gemma_value_less', 100 * (1 - gemma.valueUSD / glm.valueUSD));
    put('3.2.gemma_energy_less', 100 * (1 - gemma.energyMJ / glm.energyMJ));
    for (const id of ['intro.gemma_nvj_ratio', '3.2.gemma_nvj_ratio']) put(id, gemma.nvj / glm.nvj);
    put('intro.gemma_tsj_ratio', gemma.tsj / glm.tsj);
  }
  if (glm && oss) {
    for (const id of ['intro.oss120_energy_less', '3.2.1.oss120_energy_less']) put(id, 100 * (1 - oss.energyMJ / glm.energyMJ));
    put('3.2.1.oss120_cost_more', 100 * (oss.costUSD / glm.costUSD - 1));
    put('3.2.1.oss120_faster', 100 * (1 - oss.aiHours / glm.aiHours));
  }
  if (q8 && q1) {
    for (const id of ['intro.h100x8_time_less', '3.3.h100x8_time_less']) put(id, 100 * (1 - q8.aiHours / q1.aiHours));
    for (const id of ['intro.h100x8_energy_ratio', '3.3.h100x8_energy_ratio']) put(id, q8.energyMJ / q1.energyMJ);
  }
  if (agreement) {
    (agreement.objects() as Record<string, unknown>[]).forEach((r, i) => {
      const at = (column: string) => ({ name: 'table02', row: i, column });
      const a = String(r.judge_a), b = String(r.judge_b), pairs = Number(r.pairs), binary = Number(r.binary_agreement_pct);
      if (judges.main && a === `${judges.main} attempt 1` && b === `${judges.main} attempt 2`) {
        put('D.1.repeat_match_k', Math.round((binary * pairs) / 100));
        put('D.1.repeat_match_pct', binary, at('binary_agreement_pct'));
      }
      if (judges.main && judges.human && a === judges.main && b === judges.human) {
        for (const id of ['D.1.expert_agree_k', '2.2.human_agree_k']) put(id, Math.round((binary * pairs) / 100));
        for (const id of ['D.1.expert_agree_n', '2.2.human_agree_n']) put(id, pairs, at('pairs'));
        for (const id of ['D.1.expert_agree_pct', '2.2.human_agree_pct']) put(id, binary, at('binary_agreement_pct'));
      }
    });
  }
  if (reductions) {
    // K.1 "Interaction and attribution" and Table 18's caption, from Table 18's rows.
    const rows = reductions.objects() as Record<string, unknown>[];
    const row = (change: string) => rows.find((r) => r.change === change);
    const at = (r: Record<string, unknown>, column: string) => ({ name: 'table18', row: rows.indexOf(r), column });
    const first = row('judgments'), both = row('judgments and times'), share = row('attribution: judgments'), timeShare = row('attribution: times');
    if (first && both) {
      put('K.1.first_step_points', Number(first.nvj_reduction_pct), at(first, 'nvj_reduction_pct'));
      put('K.1.total_points', Number(both.nvj_reduction_pct), at(both, 'nvj_reduction_pct'));
      put('K.1.second_step_points', Number(both.nvj_reduction_pct) - Number(first.nvj_reduction_pct));
      put('K.1.both_nvj_reduction', Number(both.nvj_reduction_pct), at(both, 'nvj_reduction_pct'));
      put('K.1.both_tsj_reduction', Number(both.tsj_reduction_pct), at(both, 'tsj_reduction_pct'));
    }
    if (share && timeShare) {
      put('K.1.nvj_judgment_share', Number(share.nvj_reduction_pct), at(share, 'nvj_reduction_pct'));
      put('K.1.nvj_time_share', Number(timeShare.nvj_reduction_pct), at(timeShare, 'nvj_reduction_pct'));
      put('K.1.tsj_judgment_share', Number(share.tsj_reduction_pct), at(share, 'tsj_reduction_pct'));
      put('K.1.tsj_time_share', Number(timeShare.tsj_reduction_pct), at(timeShare, 'tsj_reduction_pct'));
    }
  }
  return out;
}
