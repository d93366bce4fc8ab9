/**
 * Import a CodeCarbon `emissions.csv` to runs.csv rows. CodeCarbon writes per-run totals: `run_id`,
 * `duration` (seconds), `cpu_energy`, `gpu_energy`, `ram_energy` and `energy_consumed` in **kWh, each
 * already multiplied by `pue`** (CodeCarbon applies the data centre's PUE to every component). Our
 * boundary is the node's components, so the PUE is divided back out:
 *
 *   energy_<c>_mj = <c>_energy_kWh x 3.6e6 / pue / 1e6   (c = cpu, gpu, ram -> dram)
 *   energy_mj = energy_consumed_kWh x 3.6e6 / pue / 1e6   ai_hours = duration / 3600
 *
 * energy_consumed must equal cpu + gpu + ram (relative 1e-6): a file where it does not is an error, not
 * a guess. `ram_energy` comes from a RAM power estimate (watts per GB of RAM), not a measurement: every
 * run is flagged `dram-estimated` (CodeCarbon's CPU energy can be a TDP estimate too when RAPL is not
 * readable; the file does not say which). Where `gpu_count` is empty or 0 and gpu_energy is 0, no GPU
 * was tracked and energy_gpu_mj is empty, not 0.
 *
 * In append mode one run can have several rows (each a running total): the last row of a run_id is
 * kept and the replaced rows are reported in the summary notes.
 */
import { z } from 'zod';
import { ValidationError, type ValidationIssue } from '../errors.ts';
import { nonNegativeNumber, numberField, requiredText } from '../data/fields.ts';
import { MAX_IMPORT_FILE_BYTES, rowValues, scanCsvText, streamCsvFile } from '../io/csv.ts';
import { checkHeader, parseRow } from '../io/csvRows.ts';
import { warn } from '../warn.ts';
import { toRunsCsv, type ImportedRun, type ImportResult } from './importedRuns.ts';
import type { RunMap } from './runMap.ts';
import { kilowattHoursToJoules } from './units.ts';

const REQUIRED = ['run_id', 'duration', 'cpu_energy', 'gpu_energy', 'ram_energy', 'energy_consumed', 'pue'] as const;
const kWh = numberField('kWh >= 0', (x) => x >= 0);
const schema = z.object({
  run_id: requiredText,
  duration: numberField('seconds >= 0', (x) => x >= 0),
  cpu_energy: kWh,
  gpu_energy: kWh,
  ram_energy: kWh,
  energy_consumed: kWh,
  pue: numberField('a PUE >= 1', (x) => x >= 1),
});

export interface CodeCarbonOptions {
  map?: RunMap;
}

/** Read an emissions.csv and import it (see parseCodeCarbon), a row at a time: memory holds the runs kept, not the file. */
export function importCodeCarbon(path: string, opts: CodeCarbonOptions = {}): ImportResult {
  const reader = codeCarbonReader(path);
  streamCsvFile(path, path, reader.onHeader, reader.onRow, MAX_IMPORT_FILE_BYTES);
  return reader.finish(opts);
}

/**
 * Import emissions.csv text. @example parseCodeCarbon('run_id,duration,cpu_energy,gpu_energy,ram_energy,energy_consumed,pue\nr,36,0.0012,0.0024,0.0006,0.0042,1.2\n', 'e.csv').rows[0].energy_mj // => '0.012600000'
 */
export function parseCodeCarbon(text: string, file: string, opts: CodeCarbonOptions = {}): ImportResult {
  const reader = codeCarbonReader(file);
  scanCsvText(text, file, reader.onHeader, reader.onRow);
  return reader.finish(opts);
}

/** What is kept of a run: its last row (append mode writes a running total per row). */
interface KeptRun { line: number; data: z.output<typeof schema>; gpuCount: string; rows: number }

/**
 * An emissions.csv's header and rows as they are read (onHeader, onRow), and the import of the runs
 * they leave (finish). Problems are thrown by finish in the order a whole-file reader finds them: the
 * header's, then every row's fields, then every row's energy sum.
 */
function codeCarbonReader(file: string) {
  const headerIssues: ValidationIssue[] = [];
  const fieldIssues: ValidationIssue[] = [];
  const sumIssues: ValidationIssue[] = [];
  let header: string[] = [];
  let gpuCountAt = -1;
  const last = new Map<string, KeptRun>();
  const onHeader = (h: string[]) => {
    header = h;
    if (!checkHeader({ file, header }, REQUIRED, headerIssues)) return;
    // a column that names an energy this importer does not read (other casing or units) is not ignored
    for (const c of header) {
      if (/energy|joule|kwh/i.test(c) && !(REQUIRED as readonly string[]).includes(c)) {
        headerIssues.push({ file, line: 1, column: c, message: 'unknown energy column, expected cpu_energy, gpu_energy, ram_energy and energy_consumed (kWh): j2g reads no other, and leaving this one out would drop its energy' });
      }
    }
    gpuCountAt = header.indexOf('gpu_count');
  };
  const onRow = (line: number, fields: string[]) => {
    if (headerIssues.length) return;
    const data = parseRow(file, line, rowValues(header, fields), schema, fieldIssues);
    if (data === undefined) return;
    const sumKWh = data.cpu_energy + data.gpu_energy + data.ram_energy;
    if (Math.abs(sumKWh - data.energy_consumed) > 1e-6 * Math.max(sumKWh, data.energy_consumed) + 1e-15) {
      sumIssues.push({ file, line, column: 'energy_consumed', message: `expected cpu_energy + gpu_energy + ram_energy (${Number(sumKWh.toPrecision(12))} kWh), found ${data.energy_consumed}` });
      return;
    }
    const gpuCount = gpuCountAt === -1 ? '' : fields[gpuCountAt];
    last.set(data.run_id, { line, data, gpuCount, rows: (last.get(data.run_id)?.rows ?? 0) + 1 });
  };
  const finish = (opts: CodeCarbonOptions) => codeCarbonRuns(file, gpuCountAt !== -1, headerIssues.length ? headerIssues : [...fieldIssues, ...sumIssues], last, opts);
  return { onHeader, onRow, finish };
}

function codeCarbonRuns(file: string, hasGpuCount: boolean, issues: ValidationIssue[], last: Map<string, KeptRun>, opts: CodeCarbonOptions): ImportResult {
  if (issues.length) throw new ValidationError(issues);
  const kept = [...last.values()].sort((a, b) => a.line - b.line);
  last.clear();
  const notes: string[] = [];
  const runs: ImportedRun[] = kept.map(({ line, data, gpuCount, rows }) => {
    // CodeCarbon multiplied every component by the PUE; our boundary is the node's components
    const nodeJ = (energyKWh: number) => kilowattHoursToJoules(energyKWh) / data.pue;
    const noGpu = hasGpuCount && (gpuCount === '' || gpuCount === '0') && data.gpu_energy === 0;
    if (rows > 1) notes.push(`run ${data.run_id}: ${rows} rows (append mode), kept the last (line ${line})`);
    const r: ImportedRun = {
      sourceId: data.run_id, line, elapsedS: data.duration,
      gpuJ: noGpu ? null : nodeJ(data.gpu_energy), cpuJ: nodeJ(data.cpu_energy), dramJ: nodeJ(data.ram_energy),
      reasons: new Set(['dram-estimated']),
    };
    if (data.energy_consumed === 0) r.reasons.add('zero-energy');
    return r;
  });
  const pues = [...new Set(kept.map((k) => k.data.pue))].sort((a, b) => a - b);
  notes.unshift(`PUE divided out: ${pues.join(', ')}`, 'ram_energy is an estimate (flagged dram-estimated)');
  const replaced = kept.filter((k) => k.rows > 1).length;
  if (replaced) warn(`${file}: ${replaced} run(s) have several rows (CodeCarbon append mode); the last row of each run_id is kept`);
  return toRunsCsv(runs, 'codecarbon', file, 'run_id', notes, opts.map);
}
