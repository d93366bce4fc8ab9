/**
 * Table 18 and the K.1 attribution from Table 17 (Joules-to-GDP Appendix K.1). With
 * A = NVJ(expert-only judgments, expert-only times), B = NVJ(with-AI, expert-only),
 * C = NVJ(expert-only, with-AI), D = NVJ(with-AI, with-AI) (and the same for TSJ):
 * - reductions (percent of the starting cell): judgments at expert-only times 1 − B/A; times at
 *   expert-only decisions 1 − C/A; times at with-AI decisions 1 − D/B; judgments at with-AI times
 *   1 − D/C; both 1 − D/A;
 * - text: the first step removes (A − B)/A, the second (B − D)/A, together 1 − D/A;
 * - order-averaged attribution: judgments ((A − B) + (C − D)) / (2 (A − D)), times ((A − C) + (B − D)) / (2 (A − D)).
 */
import { add, div, exact, scale, sub, type Interval } from '../interval.ts';
import { compare, type AuditInputs, type CheckResult } from '../check.ts';
import { T17, T18 } from '../labels.ts';
import { textClaim } from '../../published/index.ts';
import { iv, printedOf } from './util.ts';

const pct = (x: Interval) => scale(x, 100);
const oneMinusRatio = (num: Interval, den: Interval) => pct(sub(exact(1), div(num, den)));

function cells(inputs: AuditInputs, col: string) {
  const { pub } = inputs;
  return { A: iv(pub, '17', T17.eoEo, col), B: iv(pub, '17', T17.aiEo, col), C: iv(pub, '17', T17.eoAi, col), D: iv(pub, '17', T17.aiAi, col) };
}

export function table18FromTable17(inputs: AuditInputs): CheckResult[] {
  const { pub } = inputs;
  const out: CheckResult[] = [];
  for (const [metric, t17col, t18col] of [['nvj', T17.nvj, T18.nvj], ['tsj', T17.tsj, T18.tsj]] as const) {
    const { A, B, C, D } = cells(inputs, t17col);
    const rows: [string, string, string, Interval][] = [
      ['judgments_eo_times', T18.judgmentsEoTimes, '1 − B/A', oneMinusRatio(B, A)],
      ['times_eo_decisions', T18.timesEoDecisions, '1 − C/A', oneMinusRatio(C, A)],
      ['times_ai_decisions', T18.timesAiDecisions, '1 − D/B', oneMinusRatio(D, B)],
      ['judgments_ai_times', T18.judgmentsAiTimes, '1 − D/C', oneMinusRatio(D, C)],
      ['both', T18.both, '1 − D/A', oneMinusRatio(D, A)],
    ];
    for (const [key, row, formula, r] of rows) {
      out.push(compare('table18FromTable17', `table18.${metric}.${key}`, `Table 18 ${row}: ${metric.toUpperCase()} reduction = ${formula} (Table 17)`,
        printedOf(pub, '18', row, t18col), r));
    }
  }
  return out;
}

export function attributionFromTable17(inputs: AuditInputs): CheckResult[] {
  const { pub } = inputs;
  const name = 'attributionFromTable17';
  const out: CheckResult[] = [];
  const n = cells(inputs, T17.nvj);
  out.push(compare(name, 'text.k1.first_step_points', 'K.1 "58.92 percentage points": 100 (A − B)/A, NVJ (Table 17)', textClaim(pub, 'K.1.first_step_points').printed, pct(div(sub(n.A, n.B), n.A))));
  out.push(compare(name, 'text.k1.second_step_points', 'K.1 "11.32 points": 100 (B − D)/A, NVJ (Table 17)', textClaim(pub, 'K.1.second_step_points').printed, pct(div(sub(n.B, n.D), n.A))));
  out.push(compare(name, 'text.k1.total_points', 'K.1 "totaling 70.23%": 100 (1 − D/A), NVJ (Table 17)', textClaim(pub, 'K.1.total_points').printed, oneMinusRatio(n.D, n.A)));
  for (const [metric, col, jId, tId] of [['NVJ', T17.nvj, 'K.1.nvj_judgment_share', 'K.1.nvj_time_share'], ['TSJ', T17.tsj, 'K.1.tsj_judgment_share', 'K.1.tsj_time_share']] as const) {
    const { A, B, C, D } = cells(inputs, col);
    const total = scale(sub(A, D), 2);
    const judgment = pct(div(add(sub(A, B), sub(C, D)), total));
    const time = pct(div(add(sub(A, C), sub(B, D)), total));
    out.push(compare(name, `text.k1.${metric.toLowerCase()}_judgment_share`, `K.1 ${metric} share to judgments: ((A − B) + (C − D)) / 2(A − D) (Table 17)`, textClaim(pub, jId).printed, judgment));
    out.push(compare(name, `text.k1.${metric.toLowerCase()}_time_share`, `K.1 ${metric} share to times: ((A − C) + (B − D)) / 2(A − D) (Table 17)`, textClaim(pub, tId).printed, time));
  }
  return out;
}
