/**
 * Table 14 from Table 13: net value per AI dollar (G − C)/C = G/C − 1 and per AI hour (G − C)/L for
 * every category (Joules-to-GDP section 3.2.1, Appendix J.1).
 */
import { div, exact, sub } from '../interval.ts';
import { compare, type AuditInputs, type CheckResult } from '../check.ts';
import { T13, T14 } from '../labels.ts';
import { iv, printedOf, publishedRows, slug } from './util.ts';

export function table14FromTable13({ pub }: AuditInputs): CheckResult[] {
  const out: CheckResult[] = [];
  for (const c of publishedRows(pub, '14')) {
    const G = iv(pub, '13', c, T13.G);
    const C = iv(pub, '13', c, T13.C);
    const L = iv(pub, '13', c, T13.L);
    out.push(compare('table14FromTable13', `table14.nv_per_ai_usd.${slug(c)}`, `Table 14 ${c}: net value/AI dollar = G/C − 1 (Table 13)`,
      printedOf(pub, '14', c, T14.perDollar), sub(div(G, C), exact(1))));
    out.push(compare('table14FromTable13', `table14.nv_per_ai_hour.${slug(c)}`, `Table 14 ${c}: net value/AI hour = (G − C)/L (Table 13)`,
      printedOf(pub, '14', c, T14.perHour), div(sub(G, C), L)));
  }
  return out;
}
