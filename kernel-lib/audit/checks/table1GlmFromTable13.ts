/**
 * Table 1's GLM 5.2 row from Table 13's category components and the category weights W_c
 * (Joules-to-GDP section 2.5: X^GDP = Σ_c W_c X̃_c; ratios of aggregated components, sections 2.4 and
 * 3.2.1): cost C, completion time 60·L minutes, energy E, net value per AI dollar G/C − 1, per AI hour
 * (G − C)/L, per megajoule (G − C)/E; also the output value G (Table 19 pass@1, text), time saving S
 * (text: 1.64 hours) and TSJ = S/E (Table 17, 3.823). W_c from the reference facts, taken as exact.
 */
import { div, exact, mul, scale, sub, sum, type Interval } from '../interval.ts';
import { compare, type AuditInputs, type CheckResult } from '../check.ts';
import { T1, T13, T17, TPOLICY } from '../labels.ts';
import { paperWeights } from '../weights.ts';
import { textClaim } from '../../published/index.ts';
import { iv, printedOf, publishedRows } from './util.ts';

/** Σ_c W_c X̃_c over Table 13's categories for one component column. */
export function gdpWeightedComponent(inputs: AuditInputs, column: string): Interval {
  const W = paperWeights(inputs.ref).category;
  return sum(publishedRows(inputs.pub, '13').map((c) => mul(exact(W.get(c) ?? NaN), iv(inputs.pub, '13', c, column))));
}

export function table1GlmFromTable13(inputs: AuditInputs): CheckResult[] {
  const { pub } = inputs;
  const [G, C, S, E, L] = [T13.G, T13.C, T13.S, T13.E, T13.L].map((col) => gdpWeightedComponent(inputs, col));
  const row = 'GLM 5.2';
  const name = 'table1GlmFromTable13';
  const t1 = (col: string) => printedOf(pub, '1', row, col);
  return [
    compare(name, 'table1.glm.cost', 'Table 1 GLM 5.2: cost = Σ W_c C_c (Table 13)', t1(T1.cost), C),
    compare(name, 'table1.glm.minutes', 'Table 1 GLM 5.2: completion time = 60 Σ W_c L_c (Table 13)', t1(T1.minutes), scale(L, 60)),
    compare(name, 'table1.glm.energy', 'Table 1 GLM 5.2: energy = Σ W_c E_c (Table 13)', t1(T1.energy), E),
    compare(name, 'table1.glm.nv_per_ai_usd', 'Table 1 GLM 5.2: net value/AI dollar = G/C − 1 (Table 13)', t1(T1.perDollar), sub(div(G, C), exact(1))),
    compare(name, 'table1.glm.nv_per_ai_hour', 'Table 1 GLM 5.2: net value/AI hour = (G − C)/L (Table 13)', t1(T1.perHour), div(sub(G, C), L)),
    compare(name, 'table1.glm.nvj', 'Table 1 GLM 5.2: NVJ = (G − C)/E (Table 13)', t1(T1.perMJ), div(sub(G, C), E)),
    compare(name, 'table19.pass1.output_value', 'Table 19 pass@1: output value = Σ W_c G_c (Table 13)', printedOf(pub, '19', 'pass@1', TPOLICY.G), G),
    compare(name, 'text.glm_hours', 'Text 3.2 "1.64 expert hours": S = Σ W_c S_c (Table 13)', textClaim(pub, '3.2.glm_hours').printed, S),
    compare(name, 'table17.tsj.eo_eo', 'Table 17 expert-only/expert-only TSJ = S/E (Table 13)', printedOf(pub, '17', T17.eoEo, T17.tsj), div(S, E)),
    compare(name, 'table17.nvj.eo_eo', 'Table 17 expert-only/expert-only NVJ = (G − C)/E (Table 13)', printedOf(pub, '17', T17.eoEo, T17.nvj), div(sub(G, C), E)),
  ];
}
