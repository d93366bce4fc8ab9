/**
 * Tables 19, 20, 21 (Joules-to-GDP Appendix K.2): each row's NVJ = (G − C)/E (section 2.4) and net
 * value per AI cost = G/C − 1 (section 3.2.1) from the same row's printed output value G, AI cost C
 * and energy E. Also the rows that describe the same policy twice: Table 19 pass@4 is Table 20 ≥1/4
 * (any of four attempts wins or ties), and Table 19 pass@1 is Table 1's GLM 5.2 row.
 */
import { div, exact, sub } from '../interval.ts';
import { compare, type AuditInputs, type CheckResult } from '../check.ts';
import { T1, TPOLICY } from '../labels.ts';
import { iv, printedOf, publishedRows, slug } from './util.ts';

export function policyRowsFromComponents({ pub }: AuditInputs): CheckResult[] {
  const out: CheckResult[] = [];
  for (const table of ['19', '20', '21']) {
    for (const row of publishedRows(pub, table)) {
      const G = iv(pub, table, row, TPOLICY.G);
      const C = iv(pub, table, row, TPOLICY.C);
      const E = iv(pub, table, row, TPOLICY.E);
      out.push(compare('policyRowsFromComponents', `table${table}.nvj.${slug(row)}`, `Table ${table} ${row}: NVJ = (G − C)/E`,
        printedOf(pub, table, row, TPOLICY.nvj), div(sub(G, C), E)));
      out.push(compare('policyRowsFromComponents', `table${table}.nv_per_ai_usd.${slug(row)}`, `Table ${table} ${row}: net value/AI cost = G/C − 1`,
        printedOf(pub, table, row, TPOLICY.perDollar), sub(div(G, C), exact(1))));
    }
  }
  return out;
}

export function policyRowsAgree({ pub }: AuditInputs): CheckResult[] {
  const name = 'policyRowsAgree';
  const out: CheckResult[] = [];
  for (const col of [TPOLICY.G, TPOLICY.C, TPOLICY.E, TPOLICY.nvj, TPOLICY.tsj, TPOLICY.perDollar]) {
    out.push(compare(name, `table20.same_as_table19.${slug(col)}`, `Table 20 ≥1/4 ${col} = Table 19 pass@4`, printedOf(pub, '20', '≥1/4', col), iv(pub, '19', 'pass@4', col)));
  }
  for (const [t19, t1] of [[TPOLICY.C, T1.cost], [TPOLICY.E, T1.energy], [TPOLICY.nvj, T1.perMJ], [TPOLICY.perDollar, T1.perDollar]] as const) {
    out.push(compare(name, `table19.same_as_table1.${slug(t19)}`, `Table 19 pass@1 ${t19} = Table 1 GLM 5.2`, printedOf(pub, '19', 'pass@1', t19), iv(pub, '1', 'GLM 5.2', t1)));
  }
  return out;
}
