/**
 * Peak memory of each whole-file reader at its stated limit (issue #23: "no run exceeds a stated
 * memory"): a generated valid file just under the limit, read in its own child process, whose peak
 * resident memory (getrusage maxrss) and time are reported beside a child that only loads the
 * readers (the baseline of Node, tsx and the modules).
 *
 *   csv          readCsv, a 256 MiB CSV (MAX_TEXT_FILE_BYTES: dataset, weights, rates files as rows)
 *   columns      readCsvColumns, the same file in the dataset loader's column form
 *   weights      readWeightsFile, the same file as occupation weights (every row checked)
 *   json         readJsonFile, a 16 MiB scenario-shaped JSON file (MAX_JSON_FILE_BYTES)
 *   codecarbon   importCodeCarbon, a 64 MiB emissions.csv (MAX_IMPORT_FILE_BYTES)
 *   zeus         importZeusLog, a 64 MiB Zeus CSV
 *   ipw          importIpwRun, a 64 MiB traces.jsonl
 *
 *   node --import tsx scripts/bench/readers.ts [KIND...]   prints the results as JSON
 *   benchReaders()                                         the same, for scripts/bench/run.ts (`npm run bench readers`)
 */
import { spawnSync } from 'node:child_process';
import { closeSync, mkdirSync, mkdtempSync, openSync, rmSync, writeFileSync, writeSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';

const SELF = fileURLToPath(import.meta.url);
const MiB = 2 ** 20;

/** Write lines from `line(i)` after `header` until the file would pass `bytes`. Returns the rows written. */
function writeUpTo(path: string, header: string, bytes: number, line: (i: number) => string): number {
  const fd = openSync(path, 'w');
  let size = Buffer.byteLength(header);
  writeSync(fd, header);
  let i = 0, chunk: string[] = [], chunkBytes = 0;
  for (;;) {
    const l = line(i);
    const b = Buffer.byteLength(l);
    if (size + b > bytes) break;
    chunk.push(l); chunkBytes += b; size += b; i++;
    if (chunkBytes > 4 * MiB) { writeSync(fd, chunk.join('')); chunk = []; chunkBytes = 0; }
  }
  writeSync(fd, chunk.join(''));
  closeSync(fd);
  return i;
}

interface Kind { file: (dir: string) => string; limit: string }
const KINDS: Record<string, Kind> = {
  csv: { limit: '256 MiB', file: (d) => weightsFile(d) },
  columns: { limit: '256 MiB', file: (d) => weightsFile(d) },
  weights: { limit: '256 MiB', file: (d) => weightsFile(d) },
  json: {
    limit: '16 MiB',
    file: (d) => {
      const p = join(d, 'scenario.json');
      writeUpTo(p, '{\n  "dataset": "d",\n  "weights": {\n    "custom": {\n      "o0": 1', 16 * MiB - 64, (i) => `,\n      "o${i + 1}": ${(i % 997) / 4}`);
      writeFileSync(p, '\n    }\n  }\n}\n', { flag: 'a' });
      return p;
    },
  },
  codecarbon: {
    limit: '64 MiB',
    file: (d) => {
      const p = join(d, 'emissions.csv');
      writeUpTo(p, 'timestamp,run_id,duration,cpu_energy,gpu_energy,ram_energy,energy_consumed,pue\n', 64 * MiB - 1, (i) => `2026-01-01T00:00:00,r${i},36,0.001,0.002,0.0005,0.0035,1.2\n`);
      return p;
    },
  },
  zeus: {
    limit: '64 MiB',
    file: (d) => {
      const p = join(d, 'zeus.csv');
      writeUpTo(p, 'start_time,window_name,elapsed_time,gpu0_energy,gpu1_energy\n', 64 * MiB - 1, (i) => `${1700000000 + i * 20}.0,w${i},10.0,2000.0,1800.0\n`);
      return p;
    },
  },
  ipw: {
    limit: '64 MiB',
    file: (d) => {
      const p = join(d, 'ipw');
      mkdirSync(p);
      writeFileSync(join(p, 'summary.json'), '{"config": {"agent": "react", "model": "stand-in", "dataset": "gdpval", "concurrency": 1}}\n');
      writeUpTo(join(p, 'traces.jsonl'), '', 64 * MiB - 1 - 200, (i) => `{"query_id": "q${i}", "workload_type": "gdpval", "turns": [{"turn_index": 0, "wall_clock_s": 2.0, "gpu_energy_joules": 100.0, "cpu_energy_joules": 20.0}], "total_wall_clock_s": 2.0, "completed": true, "timed_out": false, "query_gpu_energy_joules": 100.0, "query_cpu_energy_joules": 20.0}\n`);
      return p;
    },
  },
};

let weightsPath: string | null = null;
function weightsFile(dir: string): string {
  if (weightsPath) return weightsPath;
  weightsPath = join(dir, 'weights.csv');
  writeUpTo(weightsPath, 'occupation,weight\n', 256 * MiB - 1, (i) => `occ${i},${(i % 997) / 4}\n`);
  return weightsPath;
}

/** In the child: read `path` with the reader of `kind`; print {maxRssMB, ms, items}. */
async function child(kind: string, path: string): Promise<void> {
  const { onWarning } = await import('../../kernel-lib/warn.ts');
  const csv = await import('../../kernel-lib/io/csv.ts');
  const { readJsonFile } = await import('../../kernel-lib/io/readJsonFile.ts');
  const { readWeightsFile } = await import('../../kernel-lib/weights/readWeightsFile.ts');
  const imp = await import('../../kernel-lib/import/index.ts');
  onWarning(null);
  const t0 = performance.now();
  let items = 0;
  if (kind === 'csv') items = csv.readCsv(path).rows.length;
  else if (kind === 'columns') items = csv.readCsvColumns(path).length;
  else if (kind === 'weights') items = Object.keys((readWeightsFile(path) as { custom: object }).custom).length;
  else if (kind === 'json') items = Object.keys(((readJsonFile(path).value as { weights: { custom: object } }).weights.custom)).length;
  else if (kind === 'codecarbon') items = imp.importCodeCarbon(path).rows.length;
  else if (kind === 'zeus') items = imp.importZeusLog(path).rows.length;
  else if (kind === 'ipw') items = imp.importIpwRun(path).rows.length;
  else if (kind !== 'baseline') throw new Error(`unknown reader ${kind}`);
  process.stdout.write(JSON.stringify({ maxRssMB: Math.round(process.resourceUsage().maxRSS / 1024), ms: Math.round(performance.now() - t0), items }));
}

function inChild(kind: string, path: string): { maxRssMB: number; ms: number; items: number } {
  const r = spawnSync(process.execPath, ['--import', 'tsx', SELF, '--child', kind, path], { encoding: 'utf8', maxBuffer: 1 << 20 });
  if (r.status !== 0) throw new Error(`${kind}: exit ${r.status ?? r.signal}: ${r.stderr.slice(-2000)}`);
  return JSON.parse(r.stdout);
}

export async function benchReaders(kinds: string[] = Object.keys(KINDS)): Promise<Record<string, string>> {
  const dir = mkdtempSync(join(tmpdir(), 'j2g-bench-readers-'));
  weightsPath = null;
  try {
    const base = inChild('baseline', '');
    const out: Record<string, string> = { baseline: `${base.maxRssMB} MB peak RSS (Node, tsx and the reader modules loaded, nothing read)` };
    for (const k of kinds) {
      const path = KINDS[k].file(dir);
      const r = inChild(k, path);
      out[k] = `${r.maxRssMB} MB peak RSS (${r.maxRssMB - base.maxRssMB} MB over baseline) reading a file just under its ${KINDS[k].limit} limit, ${r.items.toLocaleString('en-US')} items, ${(r.ms / 1000).toFixed(1)} s`;
      process.stderr.write(`readers: ${k}: ${out[k]}\n`); // each as it comes: the 256 MiB readers take minutes
    }
    return out;
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

if (process.argv[1] === SELF) {
  if (process.argv[2] === '--child') await child(process.argv[3], process.argv[4]);
  else console.log(JSON.stringify(await benchReaders(process.argv.length > 2 ? process.argv.slice(2) : undefined), null, 2));
}
