/**
 * Seeded fuzz of power-log traces (marks.csv, smi.csv, rapl.csv), run in a child process by
 * test/energy/traceFuzz.test.ts so that hundreds of ingestions never block a vitest worker.
 *
 * usage: node --import tsx test/energy/fuzz/traceFuzz.run.ts SEED CASES  => one JSON object on stdout
 *
 * The base trace has constant power on every device (2 GPUs via power.draw, a RAPL package zone that
 * wraps, a setup, two overlapping runs, an idle window), so that losing or repeating one sample line
 * leaves every energy unchanged: the contract can then be checked for each mutation of one line:
 *   - an error (J2GError) naming the file and a line (`marks.csv:7`), or
 *   - every run of the unmutated trace is still there, and each row either equals its unmutated row
 *     (numbers within 1e-9 relative) or is flagged (validity not ok); a new row is flagged too;
 *   - never another exception (a stack trace), and through `j2g energy --out` an earlier runs.csv is
 *     left byte for byte as it was whenever the command fails.
 * Mutations that change a plausible value into another plausible one (700 W -> 701 W) cannot be told
 * from a measurement and are not generated.
 */
import { copyFileSync, mkdirSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { J2GError } from '../../../kernel-lib/errors.ts';
import { energyRuns } from '../../../kernel-lib/energy/index.ts';
import { checkMarkFields, type MarkFields } from '../../../kernel-lib/energy/markWindows.ts';
import { main } from '../../../kernel-lib/cli/main.ts';
import { onWarning } from '../../../kernel-lib/warn.ts';
import { counterSamples, powerSamples, writeTrace } from '../traceFixture.ts';

onWarning(null);
const [seedArg, casesArg] = process.argv.slice(2);
let state = Number(seedArg ?? 13) >>> 0;
const rand = () => { // mulberry32
  state = (state + 0x6d2b79f5) >>> 0;
  let t = state;
  t = Math.imul(t ^ (t >>> 15), t | 1);
  t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
  return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
};
const pick = <T>(xs: readonly T[]): T => xs[Math.floor(rand() * xs.length)];
const int = (n: number) => Math.floor(rand() * n);

const AMD_RANGE_UJ = 65_532_610_987;
const base = writeTrace({
  gpus: ['GPU-a', 'GPU-b'],
  smi: [...powerSamples('GPU-a', 0, 6, 0.1, () => 100), ...powerSamples('GPU-b', 0, 6, 0.1, () => 200)].sort((x, y) => x[0] - y[0]),
  rapl: { zones: [{ label: 'package-0', kind: 'package', range: AMD_RANGE_UJ }], samples: counterSamples('package-0', 0, 6, 0.1, () => 50, 1e6, AMD_RANGE_UJ - 100e6, AMD_RANGE_UJ) },
  marks: [
    { t: 0.5, kind: 'setup-start', id: 's' }, { t: 1, kind: 'setup-end', id: 's' },
    { t: 1, kind: 'run-start', id: 'a', gpus: '0', task_id: 't1', attempt: '1' }, { t: 2, kind: 'run-start', id: 'b', gpus: '1', task_id: 't2', attempt: '1' },
    { t: 3, kind: 'run-end', id: 'a' }, { t: 5, kind: 'run-end', id: 'b' },
    { t: 5.2, kind: 'idle-start', id: 'i' }, { t: 5.8, kind: 'idle-end', id: 'i' },
  ],
});
const FILES = ['marks.csv', 'smi.csv', 'rapl.csv'] as const;
const baseline = energyRuns(base);
const ERROR_TEXT = 'Unable to determine the device handle for GPU0000:1B:00.0: GPU is lost.  Reboot the system to recover this GPU';
const JUNK = ['', 'x', '-1', '1e30', 'NA', '[N/A]', '0x10', ' 5', '5 ', '1,2', '"', '\u00e9', '999999999999999999999999', '0', '01', '1.0'];

type Op = (lines: Buffer[], dataFrom: number) => { lines: Buffer[]; what: string; final?: 'truncate' | 'crlf' | 'bom' };
const line = (lines: Buffer[], dataFrom: number) => dataFrom + int(lines.length - dataFrom);
const OPS: Record<string, Op> = {
  'delete a line': (ls, d) => { const k = line(ls, d); ls.splice(k, 1); return { lines: ls, what: `line ${k + 1} deleted` }; },
  'duplicate a line': (ls, d) => { const k = line(ls, d); ls.splice(k, 0, ls[k]); return { lines: ls, what: `line ${k + 1} duplicated` }; },
  'truncate a line': (ls, d) => { const k = line(ls, d); const cut = int(ls[k].length); ls[k] = ls[k].subarray(0, cut); return { lines: ls, what: `line ${k + 1} cut at byte ${cut}` }; },
  'garbage bytes': (ls, d) => {
    const k = line(ls, d); const at = int(ls[k].length + 1);
    const g = Buffer.from(Array.from({ length: 1 + int(4) }, () => pick([0x00, 0x22, 0x2c, 0x41, 0x7a, 0x7f, 0x80, 0xc3, 0xe9, 0xff, 0x20, 0x0d])));
    ls[k] = Buffer.concat([ls[k].subarray(0, at), g, ls[k].subarray(at)]);
    return { lines: ls, what: `line ${k + 1}: bytes ${g.toString('hex')} at ${at}` };
  },
  'nvidia-smi error text': (ls, d) => {
    const k = line(ls, d); const f = ls[k].toString('latin1').split(',');
    ls.splice(k, 0, Buffer.from(`${f[0]},${f[1]},${ERROR_TEXT.replace(/ /g, '')}`));
    return { lines: ls, what: `error text before line ${k + 1}` };
  },
  'field replaced': (ls, d) => {
    const k = line(ls, d); const f = ls[k].toString('latin1').split(','); const i = int(f.length); const j = pick(JUNK);
    f[i] = j; ls[k] = Buffer.from(f.join(','), 'latin1');
    return { lines: ls, what: `line ${k + 1} field ${i} = ${JSON.stringify(j)}` };
  },
  'value implausible': (ls, d) => {
    const k = line(ls, d); const f = ls[k].toString('latin1').split(','); f[f.length - 1] = pick(['1e30', '1000000000000000000000000000000', '5000']);
    ls[k] = Buffer.from(f.join(','), 'latin1');
    return { lines: ls, what: `line ${k + 1} last field ${f[f.length - 1]}` };
  },
  // #23: a second sample at the same instant with another value (1900 W beside 100 W) must be flagged
  'duplicate timestamp, other value': (ls, d) => {
    const k = line(ls, d); const f = ls[k].toString('latin1').split(',');
    if (f.length !== 4) return { lines: ls, what: 'no sample line (unchanged)' };
    f[3] = String(Number(f[3]) > 1000 ? 1 : Number(f[3]) + 1800);
    ls.splice(k + 1, 0, Buffer.from(f.join(','), 'latin1'));
    return { lines: ls, what: `line ${k + 1} repeated at its instant with value ${f[3]}` };
  },
  // #23: a digit too many or too few in mono_ns: that line is skipped and listed, not the next one blamed
  // (not the last line: a garbled time there has one neighbour only and cannot be told from a late
  // mark or sample; what it changes is then not flagged, a limit stated in data/traces/README.md)
  'mono_ns digit': (ls, d) => {
    const k = Math.min(line(ls, d), ls.length - 2); const f = ls[k].toString('latin1').split(',');
    f[0] = rand() < 0.5 ? f[0] + String(int(10)) : f[0].slice(0, -1);
    ls[k] = Buffer.from(f.join(','), 'latin1');
    return { lines: ls, what: `line ${k + 1} mono_ns ${f[0]}` };
  },
  'blank line': (ls, d) => { const k = line(ls, d); ls.splice(k, 0, Buffer.alloc(0)); return { lines: ls, what: `blank line at ${k + 1}` }; },
  'swap adjacent lines': (ls, d) => { const k = Math.min(line(ls, d), ls.length - 2); [ls[k], ls[k + 1]] = [ls[k + 1], ls[k]]; return { lines: ls, what: `lines ${k + 1} and ${k + 2} swapped` }; },
  'header changed': (ls) => { const h = Buffer.from(ls[0]); h[int(h.length)] = pick([0x20, 0x58, 0x2c, 0xff]); ls[0] = h; return { lines: ls, what: 'header byte changed' }; },
  'half-written final line': (ls) => ({ lines: ls, what: 'final line without its line end', final: 'truncate' }),
  'CRLF line ends': (ls) => ({ lines: ls, what: 'CRLF', final: 'crlf' }),
  'byte-order mark': (ls) => ({ lines: ls, what: 'BOM', final: 'bom' }),
};

const numeric = (s: string) => s !== '' && Number.isFinite(Number(s));
// columns both rows have: a column left out (energy_incremental_mj when the idle window is broken,
// with a warning) is a loss said out loud, not a wrong value
function sameRow(a: Record<string, string>, b: Record<string, string>): boolean {
  for (const k of Object.keys(a).filter((c) => c in b)) {
    const x = a[k] ?? '', y = b[k] ?? '';
    if (numeric(x) && numeric(y)) { if (Math.abs(Number(x) - Number(y)) > 1e-9 * Math.max(1e-6, Math.abs(Number(x)))) return false; }
    else if (x !== y) return false;
  }
  return true;
}

/** an edited line that is still a valid mark, or a valid power sample of a plausible value: a changed
 * measurement, not a garbled one; such mutations are not generated */
const COLS = ['mono_ns', 'wall_ns', 'kind', 'id', 'task_id', 'system', 'attempt', 'gpus', 'batch'];
function plausible(file: string, text: string): boolean {
  if (file === 'marks.csv') {
    const f = text.replace(/"/g, '').split(',');
    if (f.length !== 9 && !(f.length === 10 && text.includes('"'))) return false;
    const g = text.match(/^([^,]*),([^,]*),([^,]*),([^,]*),([^,]*),([^,]*),([^,]*),"([^"]*)",([^,]*)$/) ?? text.match(/^([^,]*),([^,]*),([^,]*),([^,]*),([^,]*),([^,]*),([^,]*),([^,"]*),([^,]*)$/);
    return g !== null && checkMarkFields(Object.fromEntries(COLS.map((c, i) => [c, g[i + 1]])) as MarkFields) === null;
  }
  if (file === 'smi.csv') {
    const m = text.match(/^\d+,\d+,(GPU-a|GPU-b),(\d+(\.\d*)?)$/);
    return m !== null && Number(m[2]) <= 2000;
  }
  return false;
}
const INLINE = new Set(['truncate a line', 'garbage bytes', 'field replaced', 'value implausible']);

const n = Number(casesArg ?? 300);
const violations: string[] = [];
const outcomes: Record<string, number> = { error: 0, same: 0, flagged: 0 };
const byOp: Record<string, number> = {};
const work = mkdtempSync(join(tmpdir(), 'j2g-fuzz-'));
const earlier = 'run_id,energy_mj\nearlier,1\n';
for (let c = 0; c < n; c++) {
  const dir = join(work, `case${c}`);
  mkdirSync(dir);
  for (const f of ['manifest.json', ...FILES]) copyFileSync(join(base, f), join(dir, f));
  let file: (typeof FILES)[number], opName: string, m: ReturnType<Op>;
  for (;;) {
    file = pick(FILES);
    opName = pick(Object.keys(OPS));
    if (opName === 'value implausible' && file === 'marks.csv') continue; // sample values only
    const bytes = readFileSync(join(dir, file));
    const lines: Buffer[] = [];
    for (let s = 0; s < bytes.length;) { let e = bytes.indexOf(10, s); if (e === -1) e = bytes.length; lines.push(bytes.subarray(s, e)); s = e + 1; }
    const before = lines.map((l) => l.toString('latin1'));
    m = OPS[opName](lines, 1);
    if (INLINE.has(opName) && m.lines.some((l, k) => l.toString('latin1') !== before[k] && plausible(file, l.toString('latin1')))) continue;
    break;
  }
  byOp[opName] = (byOp[opName] ?? 0) + 1;
  let out = Buffer.concat(m.lines.flatMap((l) => [l, Buffer.from(m.final === 'crlf' ? '\r\n' : '\n')]));
  if (m.final === 'truncate') out = Buffer.concat([out, Buffer.from(file === 'marks.csv' ? '9999' : '1003000000000,17000')]);
  if (m.final === 'bom') out = Buffer.concat([Buffer.from('\ufeff'), out]);
  writeFileSync(join(dir, file), out);
  const label = `case ${c} (${file}: ${opName}: ${m.what})`;

  let result: ReturnType<typeof energyRuns> | null = null;
  try {
    result = energyRuns(dir);
  } catch (e) {
    if (!(e instanceof J2GError)) { violations.push(`${label}: not a J2GError: ${(e as Error).stack}`); continue; }
    if (!new RegExp(`${file.replace('.', '\\.')}:\\d+`).test(e.message)) violations.push(`${label}: error names no ${file}:LINE: ${e.message}`);
    outcomes.error++;
  }
  if (result) {
    const rows = new Map(result.rows.map((r) => [r.run_id, r]));
    let flagged = false;
    for (const b of baseline.rows) {
      const r = rows.get(b.run_id);
      if (!r) { violations.push(`${label}: run ${b.run_id} disappeared`); continue; }
      if (!sameRow(r, b)) {
        if (r.validity === 'ok') violations.push(`${label}: run ${b.run_id} changed but is ok: ${JSON.stringify(r)} vs ${JSON.stringify(b)}`);
        else flagged = true;
      }
    }
    for (const r of result.rows) if (!baseline.rows.some((b) => b.run_id === r.run_id) && r.validity === 'ok') violations.push(`${label}: new run ${r.run_id} is ok`);
    outcomes[flagged ? 'flagged' : 'same']++;
  }
  // every 4th case through the command line: an earlier --out is never half-replaced
  if (c % 4 === 0) {
    const outDir = join(dir, '..', `out${c}`);
    mkdirSync(outDir);
    writeFileSync(join(outDir, 'runs.csv'), earlier);
    const errs: string[] = [];
    const origError = console.error;
    console.error = (s: unknown) => void errs.push(String(s));
    let code: number;
    try {
      code = await main(['energy', '--trace', dir, '--out', join(outDir, 'runs.csv')]);
    } catch (e) {
      code = -1;
      errs.push(String((e as Error).stack));
    } finally {
      console.error = origError;
    }
    const now = readFileSync(join(outDir, 'runs.csv'), 'utf8');
    if (code === -1 || errs.some((s) => /\n\s+at /.test(s))) violations.push(`${label}: j2g energy printed a stack trace: ${errs.join(' | ')}`);
    if (code !== 0 && now !== earlier) violations.push(`${label}: j2g energy failed (${code}) and changed the earlier --out`);
    if ((code === 0) !== (result !== null)) violations.push(`${label}: j2g energy exit ${code} disagrees with energyRuns`);
  }
}
process.stdout.write(JSON.stringify({ cases: n, outcomes, byOp, violations }) + '\n');
