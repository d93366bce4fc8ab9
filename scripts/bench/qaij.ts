/**
 * Benchmark of the QAIJ bootstrap (issue 16): on the reconstructed dataset, at 10,000 draws, times
 *   - `qaijDatasetReport` (the seven-part report of notebook 11-qaij: four bootstraps, unweighted,
 *     difficulty-weighted and the employment and equal occupation mixes, plus the rest of the report),
 *   - those four bootstraps alone, fast (`bootstrapQaijPaired`, one draw for all four) and with the
 *     plain oracle kept in test/qaij/naiveBootstrapQaij.ts (four separate calls, as before issue 16),
 *     in the same run, with the ratio fast / oracle of their CPU times.
 * Each timing is cold (first call in the process) and warm (median of the following calls), as
 * process CPU time (`_cpu_ms`, robust when other processes share the cores) and wall-clock. The oracle
 * takes about 16 s a call, so it runs twice (cold, warm). Target: the report under 1 s warm CPU.
 * Also checks that the fast intervals are the oracle's (`fast_equals_oracle`), bit for bit.
 *
 * usage: node --import tsx scripts/bench/qaij.ts   (or `npm run bench -- qaij`)
 */
import { fileURLToPath } from 'node:url';
import { loadDataset } from '../../kernel-lib/data/load.ts';
import { bootstrapQaijPaired, type BootstrapOptions } from '../../kernel-lib/qaij/bootstrapQaij.ts';
import { qaijDatasetReport } from '../../kernel-lib/qaij/datasetReport.ts';
import { occupationMixes, taskResultsFromDataset } from '../../kernel-lib/qaij/fromDataset.ts';
import { naiveBootstrapQaij } from '../../test/qaij/naiveBootstrapQaij.ts';

const DRAWS = 10_000;
/** Repetitions of the fast timings: the first is cold, the median of the rest warm. */
const REPS = 7;
const ORACLE_REPS = 2;
const RECONSTRUCTED = fileURLToPath(new URL('../../data/recorded/joules-to-gdp-reconstructed/', import.meta.url));

function median(xs: number[]): number {
  const s = [...xs].sort((a, b) => a - b);
  return s.length % 2 ? s[(s.length - 1) / 2] : (s[s.length / 2 - 1] + s[s.length / 2]) / 2;
}

const round = (x: number) => Number(x.toFixed(1));

function time<T>(label: string, reps: number, fn: () => T, out: Record<string, number | string>): { cpu: number; last: T } {
  const ms: number[] = [], cpu: number[] = [];
  let last!: T;
  for (let r = 0; r < reps; r++) {
    const t = performance.now(), u = process.cpuUsage();
    last = fn();
    const d = process.cpuUsage(u);
    ms.push(performance.now() - t);
    cpu.push((d.user + d.system) / 1000);
  }
  out[`${label}_cold_cpu_ms`] = round(cpu[0]);
  out[`${label}_warm_cpu_ms`] = round(median(cpu.slice(1)));
  out[`${label}_cold_ms`] = round(ms[0]);
  out[`${label}_warm_ms`] = round(median(ms.slice(1)));
  return { cpu: median(cpu.slice(1)), last };
}

export async function benchQaij(): Promise<Record<string, number | string>> {
  const out: Record<string, number | string> = {};
  const ds = loadDataset(RECONSTRUCTED);
  const { results } = taskResultsFromDataset(ds);
  const mixes = occupationMixes(ds);
  const base = { draws: DRAWS, seed: ds.manifest.bootstrap.seed };
  // the four bootstraps of sevenPartReport, with its options
  const variants: BootstrapOptions[] = [
    { ...base, difficulty: 'unweighted' },
    { ...base, difficulty: 'weighted' },
    { ...base, difficulty: 'unweighted', targetMix: mixes.employment },
    { ...base, difficulty: 'unweighted', targetMix: mixes.equal },
  ];
  out.dataset = `reconstructed: ${results.length} attempts, ${new Set(results.map((r) => r.system)).size} systems, ${new Set(results.map((r) => r.task)).size} tasks`;
  out.draws = DRAWS;
  const report = time('qaij_report', REPS, () => qaijDatasetReport(ds, { draws: DRAWS }), out);
  const fast = time('qaij_four_bootstraps', REPS, () => bootstrapQaijPaired(results, variants), out);
  const oracle = time('qaij_four_bootstraps_oracle', ORACLE_REPS, () => variants.map((v) => naiveBootstrapQaij(results, v)), out);
  out.qaij_fast_over_oracle_cpu = Number((fast.cpu / oracle.cpu).toFixed(4));
  const same = fast.last.every((m, k) => [...m.values()].every((b) => {
    const o = oracle.last[k].get(b.system)!;
    return b.validDraws === o.validDraws && [b.qaij, b.serviceMean, b.energyMeanJ].every((iv, i) => {
      const ov = [o.qaij, o.serviceMean, o.energyMeanJ][i];
      return iv === null ? ov === null : ov !== null && Object.is(iv.lower, ov.lower) && Object.is(iv.upper, ov.upper);
    }) && b.replicates.qaij.every((x, i) => Object.is(x, o.replicates.qaij[i]));
  }));
  out.fast_equals_oracle = same ? 'yes' : 'NO';
  out.qaij_report_target = report.cpu < 1000 ? 'met (< 1000 ms warm cpu)' : `missed (${round(report.cpu)} ms warm cpu, target 1000)`;
  return out;
}

if (process.argv[1] && fileURLToPath(import.meta.url) === process.argv[1]) {
  benchQaij().then((r) => {
    for (const [k, v] of Object.entries(r)) console.log(`${k.padEnd(40)} ${v}`);
  });
}
