/**
 * Table 22 (Joules-to-GDP Appendix K.2) against Table 17 and itself. The expert-with-AI → AI system
 * row is TSJ(with-AI judgments, with-AI times) and the expert-only → AI system row is TSJ(with-AI
 * judgments, expert-only times) of Table 17; each TSJ is also its row's hours / energy; the two
 * expert-only transitions add up: hours(eo → AI system) = hours(eo → with-AI) + hours(with-AI → AI system).
 */
import { add, div } from '../interval.ts';
import { compare, type AuditInputs, type CheckResult } from '../check.ts';
import { T17, T22 } from '../labels.ts';
import { iv, printedOf } from './util.ts';

export function table22TsjFromTable17({ pub }: AuditInputs): CheckResult[] {
  const name = 'table22TsjFromTable17';
  const tsj = (row: string) => printedOf(pub, '22', row, T22.tsj);
  return [
    compare(name, 'table22.tsj.ai_to_system', `Table 22 ${T22.aiToSystem}: TSJ = Table 17 TSJ(with-AI judgments, with-AI times)`, tsj(T22.aiToSystem), iv(pub, '17', T17.aiAi, T17.tsj)),
    compare(name, 'table22.tsj.eo_to_system', `Table 22 ${T22.eoToSystem}: TSJ = Table 17 TSJ(with-AI judgments, expert-only times)`, tsj(T22.eoToSystem), iv(pub, '17', T17.aiEo, T17.tsj)),
    compare(name, 'table22.tsj_from_hours.ai_to_system', `Table 22 ${T22.aiToSystem}: TSJ = hours / energy`, tsj(T22.aiToSystem), div(iv(pub, '22', T22.aiToSystem, T22.hours), iv(pub, '22', T22.aiToSystem, T22.energy))),
    compare(name, 'table22.tsj_from_hours.eo_to_system', `Table 22 ${T22.eoToSystem}: TSJ = hours / energy`, tsj(T22.eoToSystem), div(iv(pub, '22', T22.eoToSystem, T22.hours), iv(pub, '22', T22.eoToSystem, T22.energy))),
    compare(name, 'table22.hours_add_up', `Table 22 ${T22.eoToSystem} hours = ${T22.eoToAi} + ${T22.aiToSystem}`, printedOf(pub, '22', T22.eoToSystem, T22.hours),
      add(iv(pub, '22', T22.eoToAi, T22.hours), iv(pub, '22', T22.aiToSystem, T22.hours))),
  ];
}
