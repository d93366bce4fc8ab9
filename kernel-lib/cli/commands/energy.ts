/**
 * `j2g energy`: a power-log trace directory to runs.csv rows (foundation schema) with energy components,
 * alternative attribution rules, node time, cost and validity; a summary JSON beside it.
 */
import { boundaryOf } from '../../energy/boundary.ts';
import { readJsonFile } from '../../io/readJsonFile.ts';
import { existsSync, readFileSync } from 'node:fs';
import { basename, dirname, join } from 'node:path';
import { J2GError } from '../../errors.ts';
import { formatCsv } from '../../io/csv.ts';
import { writeFilesAtomic } from '../../io/atomic.ts';
import { checkOutput } from '../../io/outputDir.ts';
import { energyRuns, type IdlePolicy } from '../../energy/index.ts';
import { finiteNumber, parseArgs } from '../args.ts';

export const summary = 'attribute a power-log trace to runs: energy_mj, ai_hours, cost_usd (runs.csv)';

export const usage = `usage: j2g energy --trace DIR --out runs.csv [options]

  --trace DIR            trace directory written by scripts/power-log; its samples may be Parquet
                         instead of CSV: smi.parquet, or smi/device=<name>/*.parquet (likewise nvml, rapl)
  --out FILE             runs.csv to write (written whole or not at all)
  --engine js|duckdb     who integrates the samples: js (default, the streaming reader) or duckdb
                         (kernel-lib/sql/traceSegments.sql, out of core: power.draw traces only;
                         the same runs to 1e-9, docs/scale.md)
  --rate USD/h           node-hour rate; cost_usd = T_alloc / 3600 x rate (empty without it)
  --rates R1,R2,...      also write cost_usd_at_R (Joules-to-GDP G.1 rate sensitivity)
  --idle exclude|proportional
                         idle time inside the execution window: excluded (default, the paper's
                         equation) or shared in proportion to active time tau_i
  --idle-power-w W       node idle power for energy_incremental_mj (default: measured over marked
                         idle windows, power-log mark idle-start/idle-end)
  --gap-limit-s S        flag intervals between samples longer than S (default max(5 x interval, 1 s))
  --rapl-ceiling-w W     per-zone RAPL power ceiling (default 1000): a counter decrease whose wrap
                         would need more is a reset; a step above it, or an interval that could hold
                         several wraps, is flagged
  --gpu-ceiling-w W      GPU power ceiling (default 2000): a power.draw sample or NVML step above it is
                         implausible (flagged implausible-power, not used)
  --summary FILE         summary JSON (default energy-summary.json beside --out; one written for
                         another runs.csv there is not overwritten: give --summary then)

Outputs inside the trace directory are refused (they would overwrite the measurement being read).

energy_mj is megajoules (GPU + CPU + DRAM, setup share included); ai_hours is the run's window.
task_id, system and attempt come from run-start marks (--task-id, --system, --attempt) when given;
otherwise join them on run_id before loading runs.csv with the rest of the dataset.`;

export async function run(argv: string[]): Promise<number> {
  const a = parseArgs(argv, { values: ['trace', 'out', 'engine', 'rate', 'rates', 'idle', 'idle-power-w', 'gap-limit-s', 'rapl-ceiling-w', 'gpu-ceiling-w', 'summary'] });
  if (a.positionals.length) throw new J2GError(`unexpected argument ${a.positionals[0]}`);
  const dir = a.options.trace;
  const out = a.options.out;
  if (!dir) throw new J2GError('missing --trace DIR');
  if (!out) throw new J2GError('missing --out FILE');
  const idle = a.options.idle ?? 'exclude';
  if (idle !== 'exclude' && idle !== 'proportional') throw new J2GError(`invalid idle: ${idle} (expected exclude or proportional)`);
  const num = (name: string) => (a.options[name] === undefined ? undefined : finiteNumber(name, a.options[name]));
  const rate = num('rate');
  if (rate !== undefined && rate < 0) throw new J2GError(`invalid rate: ${rate} (expected USD per node-hour >= 0)`);
  const rates = a.options.rates === undefined ? [] : a.options.rates.split(',').map((x) => finiteNumber('rates', x));
  for (const [i, x] of rates.entries()) {
    if (x < 0) throw new J2GError(`invalid rates: ${x} (expected rates >= 0)`);
    if (rates.indexOf(x) !== i) throw new J2GError(`invalid rates: ${x} given twice (each rate is one column cost_usd_at_${x})`);
  }
  const gapLimitS = num('gap-limit-s');
  if (gapLimitS !== undefined && !(gapLimitS > 0)) throw new J2GError(`invalid gap-limit-s: ${gapLimitS} (expected seconds > 0)`);
  const raplCeilingW = num('rapl-ceiling-w');
  if (raplCeilingW !== undefined && !(raplCeilingW > 0)) throw new J2GError(`invalid rapl-ceiling-w: ${raplCeilingW} (expected watts > 0)`);
  const gpuCeilingW = num('gpu-ceiling-w');
  if (gpuCeilingW !== undefined && !(gpuCeilingW > 0)) throw new J2GError(`invalid gpu-ceiling-w: ${gpuCeilingW} (expected watts > 0)`);
  const idlePowerW = num('idle-power-w');
  if (idlePowerW !== undefined && !(idlePowerW >= 0)) throw new J2GError(`invalid idle-power-w: ${idlePowerW} (expected watts >= 0)`);
  const summaryPath = a.options.summary ?? join(dirname(out), 'energy-summary.json');
  for (const [flag, path] of [['out', out], ['summary', summaryPath]] as const) checkOutput(flag, path, { inputs: [['trace folder', dir]] });
  const engine = a.options.engine ?? 'js';
  if (engine !== 'js' && engine !== 'duckdb') throw new J2GError(`invalid engine: ${engine} (expected js or duckdb)`);
  const attribute = engine === 'duckdb' ? (await import('../../sql/traceEnergy.ts')).energyRunsOnDuckDb : async (d: string, o: Parameters<typeof energyRuns>[1]) => energyRuns(d, o);
  const result = await attribute(dir, {
    idlePolicy: idle as IdlePolicy,
    rateUSDPerHour: rate ?? null,
    sensitivityRatesUSDPerHour: rates,
    idlePowerW: idlePowerW ?? null,
    gapLimitS,
    raplCeilingW,
    gpuCeilingW,
  });
  const s = result.summary;
  // a default summary beside --out that another runs.csv wrote (a second trace into the same folder) is
  // not overwritten: it is that runs.csv's only record of its trace
  if (a.options.summary === undefined && existsSync(summaryPath)) {
    let before: { runs_csv?: unknown; trace?: unknown } | null = null;
    try { before = readJsonFile(summaryPath).value as { runs_csv?: unknown; trace?: unknown } | null; } catch { before = null; }
    const other = before?.runs_csv !== undefined ? before.runs_csv !== basename(out) : before?.trace !== undefined && before.trace !== dir;
    if (other) throw new J2GError(`refusing to overwrite ${summaryPath}: it is the summary of ${typeof before?.runs_csv === 'string' ? before.runs_csv : `trace ${String(before?.trace)}`}, not of ${basename(out)}; give --summary FILE (one summary per runs.csv)`);
  }
  // both or neither: a runs.csv without its summary (or beside a stale one) is not written
  writeFilesAtomic([[out, formatCsv(result.columns, result.rows)], [summaryPath, JSON.stringify({ ...s, runs_csv: basename(out), boundary_label: boundaryOf(s.components).label }, null, 2) + '\n']]);
  const kJ = (j: number) => `${(j / 1e3).toFixed(3)} kJ`;
  console.error(
    `j2g energy: ${result.rows.length} runs, trace ${kJ(s.total_j)} = runs ${kJ(s.runs_j)} + unserved setup ${kJ(s.setup_unserved_j)}` +
      ` + idle in window ${kJ(s.idle_in_window_j)} + idle outside ${kJ(s.idle_outside_window_j)}; wrote ${out}, ${summaryPath}`,
  );
  for (const [name, src] of Object.entries(s.sources)) if (src.status !== 'present') console.error(`j2g energy: source ${name} ${src.status}: ${src.reason ?? ''}`);
  for (const f of s.truncated_files) console.error(`j2g energy: ${f}: half-written final line not used (logger killed)`);
  if (s.skipped_lines.length) console.error(`j2g energy: ${s.skipped_lines.length} truncated or garbled line(s) skipped (listed above and in skipped_lines of ${summaryPath}); runs around them are flagged skipped-line`);
  if (s.na_values) console.error(`j2g energy: ${s.na_values} unreadable (NA) samples; intervals spanning them are flagged missing-samples`);
  console.error(`j2g energy: energy_mj covers ${boundaryOf(s.components).label} (energy_boundary "${s.energy_boundary}" in manifest.json; data/traces/README.md, "Measurement terms")`);
  if (rate === undefined) console.error('j2g energy: no --rate: cost_usd left empty');
  if (s.invalid_runs) console.error(`j2g energy: ${s.invalid_runs} run(s) flagged in the validity column`);
  const cc = s.cross_check;
  if (cc) console.error(`j2g energy: meter cross-check (${cc.pairs.map((p) => `${p.device}: ${p.counter} against ${p.power}`).join('; ')}): ${cc.flagged_runs} run(s) over the ${cc.tolerance * 100}% tolerance, largest |disagreement| ${cc.max_abs_rel === null ? 'none' : cc.max_abs_rel.toFixed(3)} (meter_disagreement_rel, meter_coverage in runs.csv)`);
  return 0;
}

