/**
 * Table 5 (Appendix G.1) against Table 13 and itself:
 * - the AWS cost column is Table 13's AI cost C (the evaluated boundary);
 * - each provider's NVJ is (G − C_provider)/E with G, E from Table 13 (section 2.4);
 * - each provider column is the AWS cost with the node-hour price changed (eq. in G.1,
 *   C(r) = C(AWS) + T/3600 (r − 63.296)). With non-node charges negligible this makes
 *   C(r)/C(AWS) = r/63.296, so every category implies a rate r = 63.296 · C(r)/C(AWS), and the rate
 *   must be the same for all 13 categories: the implied-rate intervals must have a common point.
 */
import { div, exact, intersect, hull, mul, sub, type Interval } from '../interval.ts';
import { compare, type AuditInputs, type CheckResult } from '../check.ts';
import { T13, T5 } from '../labels.ts';
import { iv, printedOf, publishedRows, slug } from './util.ts';

/** The AWS p5en.48xlarge rate, USD per node-hour, that the evaluated costs use (Appendix G). */
export const AWS_NODE_RATE_USD_PER_HOUR = 63.296;

export function table5AwsCostIsTable13Cost({ pub }: AuditInputs): CheckResult[] {
  return publishedRows(pub, '5').map((c) =>
    compare('table5AwsCostIsTable13Cost', `table5.cost_aws.${slug(c)}`, `Table 5 ${c}: AWS cost = Table 13 AI cost C`,
      printedOf(pub, '5', c, T5.costAWS), iv(pub, '13', c, T13.C)));
}

export function table5NvjFromTable13({ pub }: AuditInputs): CheckResult[] {
  const out: CheckResult[] = [];
  for (const c of publishedRows(pub, '5')) {
    const G = iv(pub, '13', c, T13.G);
    const E = iv(pub, '13', c, T13.E);
    for (const [provider, costCol, nvjCol] of [['CoreWeave', T5.costCoreWeave, T5.nvjCoreWeave], ['GCP', T5.costGCP, T5.nvjGCP]] as const) {
      out.push(compare('table5NvjFromTable13', `table5.nvj_${provider.toLowerCase()}.${slug(c)}`,
        `Table 5 ${c}: ${provider} NVJ = (G − C_${provider})/E (G, E Table 13)`,
        printedOf(pub, '5', c, nvjCol), div(sub(G, iv(pub, '5', c, costCol)), E)));
    }
  }
  return out;
}

const fmt = (x: Interval) => `[${x.lo.toFixed(3)}, ${x.hi.toFixed(3)}]`;

export function table5ImpliedNodeRate({ pub }: AuditInputs): CheckResult[] {
  const out: CheckResult[] = [];
  for (const [provider, costCol] of [['CoreWeave', T5.costCoreWeave], ['GCP', T5.costGCP]] as const) {
    let common: Interval | null = null;
    let span: Interval | null = null;
    let first = true;
    for (const c of publishedRows(pub, '5')) {
      const rate = mul(exact(AWS_NODE_RATE_USD_PER_HOUR), div(iv(pub, '5', c, costCol), iv(pub, '5', c, T5.costAWS)));
      span = span ? hull(span, rate) : rate;
      if (first) { common = rate; first = false; } else if (common) common = intersect(common, rate);
    }
    const ok = common !== null;
    out.push({
      id: `table5.implied_rate_${provider.toLowerCase()}`,
      check: 'table5ImpliedNodeRate',
      label: `Table 5 ${provider}: node-hour rate 63.296 · C_${provider}/C_AWS, common to all categories (USD/node-hour)`,
      recomputed: ok ? common! : span!,
      status: ok ? 'pass' : 'fail',
      detail: ok
        ? `implied rate ${fmt(common!)} USD/node-hour (all 13 category intervals meet; their hull is ${fmt(span!)})`
        : `no rate common to all categories; per-category rates span ${fmt(span!)}`,
    });
  }
  return out;
}
