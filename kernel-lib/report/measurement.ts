/**
 * The measurement walkthrough's one call: a power-log trace directory to per-run rows (energy in
 * MJ, time in hours, cost in USD) and the trace summary, through the energy pipeline `j2g energy`
 * uses (kernel-lib/energy/energyRuns.ts).
 */
import * as aq from 'arquero';
import type { ColumnTable } from 'arquero';
import { energyRuns, type EnergySummary } from '../energy/energyRuns.ts';

export function traceEnergy(dir: string, rateUSDPerHour: number | null = null): { runs: ColumnTable; summary: EnergySummary } {
  const r = energyRuns(dir, { rateUSDPerHour });
  const numeric = (v: string) => (v !== '' && Number.isFinite(Number(v)) ? Number(v) : v);
  const runs = aq.from(r.rows.map((row) => Object.fromEntries(r.columns.map((c) => [c, numeric(row[c] ?? '')]))));
  return { runs, summary: r.summary };
}
