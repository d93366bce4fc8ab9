/**
 * Table 13's category win–tie rate from Table 15 and the GDP weights: win–tie_c = Σ_{o∈c} (w_o/W_c) ·
 * win–tie_o (Joules-to-GDP section 2.5, category-normalised average). An occupation's win–tie rate is
 * k of its n tasks, so when the printed percentage times n is a whole number it is taken as exact;
 * otherwise as printed ± half its last digit. Weights come from the reference facts, taken as exact.
 */
import { add, exact, fromPrinted, mul, type Interval } from '../interval.ts';
import { compare, type AuditInputs, type CheckResult } from '../check.ts';
import { T13, T15 } from '../labels.ts';
import { paperWeights } from '../weights.ts';
import { J2GError } from '../../errors.ts';
import { printedOf, publishedRows, slug } from './util.ts';

/** The win–tie rate of one occupation as an interval: exact k/n when the printed rate is k of n. */
export function occupationWinTie(printedPct: string, tasks: number): Interval {
  const x = Number(printedPct);
  const k = (x * tasks) / 100;
  const kRounded = Math.round(k);
  if (Math.abs(k - kRounded) < 1e-9) return exact((100 * kRounded) / tasks);
  return fromPrinted(printedPct);
}

export function table13WinTieFromTable15({ pub, ref }: AuditInputs): CheckResult[] {
  const w = paperWeights(ref);
  const sums = new Map<string, Interval>();
  for (const o of publishedRows(pub, '15')) {
    const wo = w.occupation.get(o);
    const c = w.categoryOf.get(o);
    if (wo === undefined || c === undefined) throw new J2GError(`Table 15 occupation ${o} is not in the reference facts`);
    const tasks = Number(printedOf(pub, '15', o, T15.tasks));
    const term = mul(exact(wo / w.category.get(c)!), occupationWinTie(printedOf(pub, '15', o, T15.winTie), tasks));
    sums.set(c, sums.has(c) ? add(sums.get(c)!, term) : term);
  }
  return publishedRows(pub, '13').map((c) => {
    const r = sums.get(c);
    if (!r) throw new J2GError(`Table 13 category ${c} has no occupation in Table 15`);
    return compare('table13WinTieFromTable15', `table13.win_tie.${slug(c)}`, `Table 13 ${c}: win–tie = Σ (w_o/W_c) win–tie_o (Table 15, GDP weights)`,
      printedOf(pub, '13', c, T13.winTie), r);
  });
}
