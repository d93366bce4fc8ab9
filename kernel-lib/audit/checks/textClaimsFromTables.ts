/**
 * Numbers stated in the text (data/published/text_claims.csv) recomputed from the tables they
 * summarise. A claim's precision is its printed digits ("about 10%" stands for [9.5, 10.5]; "nearly
 * four times" for [3.5, 4.5]). Claims about figures only (Gemma's 2.8x TSJ, the H100 sweeps) cannot
 * be checked without task-level data and are not listed.
 */
import { add, div, exact, fromPrinted, mul, scale, sub, type Interval } from '../interval.ts';
import { compare, type AuditInputs, type CheckResult } from '../check.ts';
import { T1, T13, T18, T22, TPOLICY } from '../labels.ts';
import { publishedRows, textClaim, type Published } from '../../published/index.ts';
import { iv } from './util.ts';

const pct = (x: Interval) => scale(x, 100);
const one = exact(1);

/** The number a claim states, as a printed numeral (words such as "four" become "4"). */
function claimPrinted(pub: Published, id: string): string {
  const c = textClaim(pub, id);
  return /\d/.test(c.printed) ? c.printed : String(c.value);
}

export function textClaimsFromTables(inputs: AuditInputs): CheckResult[] {
  const { pub } = inputs;
  const name = 'textClaimsFromTables';
  const out: CheckResult[] = [];
  const claim = (id: string, label: string, r: Interval) => out.push(compare(name, `text.${id}`, label, claimPrinted(pub, id), r));

  // Section 3.1 from Table 13 (category-normalised components).
  const t13 = (c: string) => ({ G: iv(pub, '13', c, T13.G), C: iv(pub, '13', c, T13.C), S: iv(pub, '13', c, T13.S), E: iv(pub, '13', c, T13.E) });
  const nvj = (x: ReturnType<typeof t13>) => div(sub(x.G, x.C), x.E);
  const tsj = (x: ReturnType<typeof t13>) => div(x.S, x.E);
  const ae = t13('Architecture & Eng.'), cm = t13('Computer & Math'), pc = t13('Personal Care'), prod = t13('Production'), prot = t13('Protective Service');
  claim('3.1.arch_more_per_task', '3.1 Architecture & Eng. net value per task over Computer & Math: 100 ((G − C)_AE/(G − C)_CM − 1) (Table 13)', pct(sub(div(sub(ae.G, ae.C), sub(cm.G, cm.C)), one)));
  claim('3.1.comp_higher_nvj', '3.1 Computer & Math NVJ over Architecture & Eng.: 100 (NVJ_CM/NVJ_AE − 1) (Table 13)', pct(sub(div(nvj(cm), nvj(ae)), one)));
  claim('3.1.comp_vs_personal_nvj', '3.1 "nearly four times": NVJ_CM / NVJ_PersonalCare (Table 13)', div(nvj(cm), nvj(pc)));
  claim('3.1.production_lower_nvj', '3.1 Production NVJ below Protective Service: 100 (1 − NVJ_Prod/NVJ_Prot) (Table 13)', pct(sub(one, div(nvj(prod), nvj(prot)))));
  claim('3.1.production_higher_tsj', '3.1 Production TSJ over Protective Service: 100 (TSJ_Prod/TSJ_Prot − 1) (Table 13)', pct(sub(div(tsj(prod), tsj(prot)), one)));
  claim('3.1.assisted_less_time', '3.1 "about 23% less time" = Table 22 expert-only → expert-with-AI time saving (%)', iv(pub, '22', T22.eoToAi, T22.pct));
  claim('3.1.ai_shorter', '3.1 "about 84% shorter" = Table 22 expert-with-AI → AI system time saving (%)', iv(pub, '22', T22.aiToSystem, T22.pct));

  // Section 3.2 from Table 1 (G recovered as C (1 + net value per AI dollar)).
  const t1 = (m: string) => {
    const C = iv(pub, '1', m, T1.cost);
    return { C, G: mul(C, add(one, iv(pub, '1', m, T1.perDollar))), E: iv(pub, '1', m, T1.energy), min: iv(pub, '1', m, T1.minutes), nvj: iv(pub, '1', m, T1.perMJ) };
  };
  const glm = t1('GLM 5.2'), gemma = t1('Gemma 4 31B'), oss = t1('GPT-OSS 120B');
  claim('3.2.gemma_value_less', '3.2 Gemma output value below GLM: 100 (1 − G_Gemma/G_GLM), G = C (1 + net value/AI dollar) (Table 1)', pct(sub(one, div(gemma.G, glm.G))));
  claim('3.2.gemma_energy_less', '3.2 Gemma energy below GLM: 100 (1 − E_Gemma/E_GLM) (Table 1)', pct(sub(one, div(gemma.E, glm.E))));
  claim('3.2.gemma_nvj_ratio', '3.2 "about 2.5 times": NVJ_Gemma / NVJ_GLM (Table 1)', div(gemma.nvj, glm.nvj));
  claim('intro.gemma_nvj_ratio', '1 "approximately 2.5 times the NVJ": NVJ_Gemma / NVJ_GLM (Table 1)', div(gemma.nvj, glm.nvj));
  claim('3.2.1.oss120_energy_less', '3.2.1 GPT-OSS 120B energy below GLM: 100 (1 − E_OSS/E_GLM) (Table 1)', pct(sub(one, div(oss.E, glm.E))));
  claim('intro.oss120_energy_less', '1 GPT-OSS 120B energy below GLM: 100 (1 − E_OSS/E_GLM) (Table 1)', pct(sub(one, div(oss.E, glm.E))));
  claim('3.2.1.oss120_cost_more', '3.2.1 GPT-OSS 120B cost above GLM: 100 (C_OSS/C_GLM − 1) (Table 1)', pct(sub(div(oss.C, glm.C), one)));
  claim('3.2.1.oss120_faster', '3.2.1 GPT-OSS 120B faster than GLM: 100 (1 − min_OSS/min_GLM) (Table 1)', pct(sub(one, div(oss.min, glm.min))));
  claim('3.2.glm_value', '3.2 "$74.19 per task" = Table 19 pass@1 output value', iv(pub, '19', 'pass@1', TPOLICY.G));
  claim('intro.glm_value', '1 "$74.19 per task" = Table 19 pass@1 output value', iv(pub, '19', 'pass@1', TPOLICY.G));
  claim('3.2.glm_energy', '3.2 "0.430 MJ per task" = Table 1 GLM 5.2 energy', iv(pub, '1', 'GLM 5.2', T1.energy));
  claim('3.2.h200_minutes', '3.2 "10.2 minutes of one H200 drawing 700 W": E_GLM / 700 W in minutes (Table 1)', div(scale(glm.E, 1e6 / 60), exact(700)));
  claim('fig1.bottom_energy', 'Figure 1 "2.52 MJ ... one H200 drawing 700 W for an hour": 700 W × 3600 s', exact((700 * 3600) / 1e6));
  const laptopHoursPerMJ = div(fromClaim(pub, 'fig1.laptop_hours'), fromClaim(pub, 'fig1.bottom_energy'));
  claim('intro.glm_laptop_hours', '1 "about four hours of active laptop use": E_GLM × (23 hours / 2.52 MJ) (Table 1, Figure 1)', mul(glm.E, laptopHoursPerMJ));
  claim('J.1.nv_per_ai_usd', 'J.1 "37.69 per AI dollar" = Table 1 GLM 5.2', iv(pub, '1', 'GLM 5.2', T1.perDollar));
  claim('J.1.nv_per_ai_hour', 'J.1 "191.3 USD per AI hour" = Table 1 GLM 5.2', iv(pub, '1', 'GLM 5.2', T1.perHour));

  // Appendix D.1 and section 2.2: counts are exact.
  claim('D.1.repeat_match_pct', 'D.1 "171 tasks (77.7%)": 100 × 171/220', exact((100 * 171) / 220));
  claim('D.1.expert_agree_pct', 'D.1 "23 of 32 (71.9%)": 100 × 23/32', exact((100 * 23) / 32));
  claim('2.2.human_agree_pct', '2.2 "23 of 32 (71.9%)": 100 × 23/32', exact((100 * 23) / 32));
  const exactAgreement = publishedRows(pub, '2').map((r) => iv(pub, '2', r, 'Exact agreement'));
  claim('2.2.judge_agreement_lo', '2.2 "72.3–77.2%" lower end = smallest exact agreement of Table 2', exactAgreement.reduce((a, b) => (b.lo < a.lo ? b : a)));
  claim('2.2.judge_agreement_hi', '2.2 "72.3–77.2%" upper end = largest exact agreement of Table 2', exactAgreement.reduce((a, b) => (b.hi > a.hi ? b : a)));

  // Appendix K.1 caption and K.2 decomposition.
  claim('K.1.both_nvj_reduction', 'Table 18 caption "reduces NVJ by 70.2%" = Table 18 both judgments and times', iv(pub, '18', T18.both, T18.nvj));
  claim('K.1.both_tsj_reduction', 'Table 18 caption "and TSJ by 65.0%" = Table 18 both judgments and times', iv(pub, '18', T18.both, T18.tsj));
  const assist = fromClaim(pub, 'K.2.assist_hours'), auto = fromClaim(pub, 'K.2.auto_hours'), total = fromClaim(pub, 'K.2.total_hours');
  claim('K.2.total_hours', 'K.2 "1.24 hours" = 0.43 + 0.80 hours', add(assist, auto));
  claim('K.2.assist_pct', 'K.2 "0.43 hours (35.0%)": 100 × 0.43/1.24', pct(div(assist, total)));
  claim('K.2.auto_pct', 'K.2 "0.80 hours (65.0%)": 100 × 0.80/1.24', pct(div(auto, total)));
  claim('K.2.table22_auto_hours', 'K.2 "contributes 0.58 hours" = Table 22 expert-with-AI → AI system hours', iv(pub, '22', T22.aiToSystem, T22.hours));
  claim('K.2.table22_total_hours', 'K.2 "the 0.78-hour ... time saving" = Table 22 expert-only → AI system hours', iv(pub, '22', T22.eoToSystem, T22.hours));
  return out;
}

function fromClaim(pub: Published, id: string): Interval {
  return fromPrinted(claimPrinted(pub, id));
}
