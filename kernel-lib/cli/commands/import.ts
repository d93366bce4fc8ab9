/**
 * `j2g import ipw|zeus|codecarbon`: another tool's energy measurements to runs.csv rows (run_id,
 * ai_hours, energy_mj and its components in megajoules, validity), written whole or not at all.
 */
import { J2GError } from '../../errors.ts';
import { formatCsv } from '../../io/csv.ts';
import { writeFileAtomic } from '../../io/atomic.ts';
import { checkOutput } from '../../io/outputDir.ts';
import { IMPORT_SOURCES, importCodeCarbon, importIpwRun, importZeusLog, readRunMap, type ImportResult, type ImportSource } from '../../import/index.ts';
import { finiteNumber, parseArgs } from '../args.ts';
import { importRatesOf, priceImportedRuns } from '../../import/pricing.ts';

export const summary = 'runs.csv rows from IPW, Zeus or CodeCarbon measurements (energy_mj, ai_hours, validity)';

export const usage = `usage: j2g import ipw|zeus|codecarbon --from PATH --out runs.csv [options]

  ipw          --from an \`ipw run\` folder (traces.jsonl + summary.json)
  zeus         --from a ZeusMonitor log_file CSV (start_time,window_name,elapsed_time,gpu<i>_energy)
  codecarbon   --from a CodeCarbon emissions.csv
  --out FILE   runs.csv to write (written whole or not at all; nothing is written on any error)
  --map FILE   CSV source_id,run_id,task_id,system,attempt: the tool's id (IPW query_id, Zeus
               window_name, CodeCarbon run_id) to the dataset's run; rows come out ready to join
  --rate USD   price every run at USD per node-hour: adds cost_usd (= node_hours x USD) and
               node_hours (T_alloc, Appendix G: the run's own measured window, the node charged to
               it alone; runs that overlapped are each charged the overlap, as with their energy),
               and each run's source (source_file, source_line), so the rows load as runs.csv rows
  --rate SYSTEM=USD
               price the runs of one system (repeatable; needs --map for the runs' system)
  --node-rates FILE --systems FILE
               price each run by its system's node type: FILE with accelerator, accelerator_count,
               usd_per_node_hour (data/reference/node_rates.csv's shape) and the dataset's systems.csv
               (needs --map); a run whose node type has no rate is an error naming it
  --ipw-buffer-s S
               IPW telemetry buffer in seconds (default 30): longer queries are flagged
               ipw-buffer-exceeded (energy possibly under-counted)

Energies in megajoules (energy_mj = GPU + CPU + DRAM the tool measured; a component it did not
measure is empty). IPW under config.concurrency > 1 and overlapping Zeus windows charge each run the
whole device: such runs are flagged; record concurrent batches with scripts/power-log and j2g energy,
which split power among concurrent runs (eq. 2.3). CodeCarbon's PUE is divided out.`;

export async function run(argv: string[]): Promise<number> {
  const a = parseArgs(argv, { values: ['from', 'out', 'map', 'ipw-buffer-s', 'node-rates', 'systems'], repeatable: ['rate'] });
  const [format, ...extra] = a.positionals;
  if (!format) throw new J2GError(`missing format, expected one of ${IMPORT_SOURCES.join(' | ')}`);
  if (!(IMPORT_SOURCES as readonly string[]).includes(format)) throw new J2GError(`invalid format: ${format} (expected one of ${IMPORT_SOURCES.join(' | ')})`);
  if (extra.length) throw new J2GError(`unexpected argument ${extra[0]}`);
  const from = a.options.from;
  const out = a.options.out;
  if (!from) throw new J2GError('missing --from PATH');
  if (!out) throw new J2GError('missing --out FILE');
  checkOutput('out', out, { inputs: [['--from input', from]] });
  let bufferS: number | undefined;
  if (a.options['ipw-buffer-s'] !== undefined) {
    if (format !== 'ipw') throw new J2GError('option --ipw-buffer-s applies to ipw only');
    bufferS = finiteNumber('ipw-buffer-s', a.options['ipw-buffer-s']);
    if (!(bufferS > 0)) throw new J2GError(`invalid ipw-buffer-s: ${bufferS} (expected seconds > 0)`);
  }
  const map = a.options.map === undefined ? undefined : readRunMap(a.options.map);
  const source = format as ImportSource;
  const result: ImportResult =
    source === 'ipw' ? importIpwRun(from, { bufferS, map }) : source === 'zeus' ? importZeusLog(from, { map }) : importCodeCarbon(from, { map });
  const rates = importRatesOf(a.lists.rate ?? [], a.options['node-rates'], a.options.systems);
  const priced = rates ? priceImportedRuns(result, rates) : result;
  writeFileAtomic(out, formatCsv(priced.columns, priced.rows));
  const s = result.summary;
  console.error(`j2g import ${source}: ${s.runs} runs from ${s.file} (energy_mj covers ${s.components.join(' + ') || 'nothing'}); wrote ${out}`);
  for (const n of s.notes) console.error(`j2g import ${source}: ${n}`);
  if (s.flagged) {
    const why = Object.entries(s.reasons).map(([c, n]) => `${c} ${n}`).join(', ');
    console.error(`j2g import ${source}: ${s.flagged} run(s) flagged in the validity column (${why})`);
  }
  if (!map) console.error(`j2g import ${source}: no --map: run_id is the tool's own id; join task_id, system and attempt before loading`);
  if (!rates) console.error(`j2g import ${source}: no --rate: runs.csv needs cost_usd; give --rate USD (or --node-rates FILE --systems FILE) to write cost_usd and node_hours`);
  return 0;
}
