/**
 * `npm run mutation:recorded [FOLDER...]`: the mutation scores that the committed records
 * (scripts/mutation/incremental/<folder>.json, Stryker's incremental files) hold, per folder and per
 * file, without running anything, and how far each record still describes today's code:
 * - a file whose recorded source differs from the file on disk has its mutants on changed lines
 *   counted as **stale** (a line diff: a mutant is stale when one of its lines is not in the longest
 *   common subsequence of the recorded and the current lines);
 * - a source file of the folder with no record at all is listed as **no record** (never measured, or
 *   no mutant in it: a file of types only). A run narrowed to some lines records only those lines'
 *   mutants; the others are missing from the count, and this table cannot tell (docs/mutation.md says
 *   which runs were narrowed).
 * The score is `npm run mutation`'s (run.ts): killed + timeout over killed + timeout + survived + no
 * coverage (ignored, compile and runtime errors left out). Writes the table to stdout.
 */
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { EXCLUDED, FOLDERS, SOURCES } from './folders.mjs';

export interface RecordedMutant {
  status: string;
  location: { start: { line: number }; end: { line: number } };
}

export interface Score {
  mutants: number;
  killed: number;
  survived: number;
  noCoverage: number;
  /** of `mutants`, those on lines changed since the record was made */
  stale: number;
}

/**
 * The lines (1-based) of `before` that are not in a longest common subsequence of the lines of
 * `before` and `after`: what a change removed or rewrote. Dynamic programming, O(lines x lines).
 * @example changedLines('a\nb\nc', 'a\nB\nc') // => Set { 2 }
 */
export function changedLines(before: string, after: string): Set<number> {
  const a = before.split('\n'), b = after.split('\n');
  const n = a.length, m = b.length;
  // common[i][j]: the LCS length of a[i..] and b[j..], one row of m + 1 per i
  const common = new Int32Array((n + 1) * (m + 1));
  for (let i = n - 1; i >= 0; i--) {
    for (let j = m - 1; j >= 0; j--) {
      common[i * (m + 1) + j] = a[i] === b[j] ? common[(i + 1) * (m + 1) + j + 1] + 1 : Math.max(common[(i + 1) * (m + 1) + j], common[i * (m + 1) + j + 1]);
    }
  }
  const changed = new Set<number>();
  let i = 0, j = 0;
  while (i < n) {
    if (j < m && a[i] === b[j]) { i++; j++; }
    else if (j < m && common[i * (m + 1) + j + 1] >= common[(i + 1) * (m + 1) + j]) j++;
    else { changed.add(i + 1); i++; }
  }
  return changed;
}

/**
 * A file's score from its recorded mutants; `changed` the recorded source's changed lines
 * (changedLines), a mutant touching one of them being stale.
 * @example recordedScore([{ status: 'Killed', location: { start: { line: 1 }, end: { line: 1 } } }, { status: 'Survived', location: { start: { line: 2 }, end: { line: 2 } } }], new Set([2]))
 * // => { mutants: 2, killed: 1, survived: 1, noCoverage: 0, stale: 1 }
 */
export function recordedScore(mutants: readonly RecordedMutant[], changed: ReadonlySet<number> = new Set()): Score {
  const s: Score = { mutants: 0, killed: 0, survived: 0, noCoverage: 0, stale: 0 };
  for (const m of mutants) {
    if (m.status === 'Killed' || m.status === 'Timeout') s.killed++;
    else if (m.status === 'Survived') s.survived++;
    else if (m.status === 'NoCoverage') s.noCoverage++;
    else continue; // Ignored, CompileError, RuntimeError: not a test of the tests
    s.mutants++;
    for (let line = m.location.start.line; line <= m.location.end.line; line++) {
      if (changed.has(line)) { s.stale++; break; }
    }
  }
  return s;
}

/** killed over mutants, in percent (one decimal), or '-' for none. */
export function percent(s: Score): string {
  return s.mutants ? ((100 * s.killed) / s.mutants).toFixed(1) : '-';
}

function add(a: Score, b: Score): Score {
  return { mutants: a.mutants + b.mutants, killed: a.killed + b.killed, survived: a.survived + b.survived, noCoverage: a.noCoverage + b.noCoverage, stale: a.stale + b.stale };
}

const ZERO: Score = { mutants: 0, killed: 0, survived: 0, noCoverage: 0, stale: 0 };

/** The TypeScript source files a folder's run mutates (folders.mjs sourcePatterns: kernel-lib/<folder> less its index.ts, or the folder's own list). */
function sourcesOf(folder: string): string[] {
  const own = SOURCES[folder];
  if (own) return [...own].sort();
  const dir = join('kernel-lib', folder);
  return readdirSync(dir, { recursive: true, encoding: 'utf8' })
    .filter((f) => f.endsWith('.ts') && !f.endsWith('.d.ts') && f !== 'index.ts') // index.ts: left out by sourcePatterns
    .map((f) => join(dir, f).split('\\').join('/'))
    .filter((f) => !(EXCLUDED[folder] ?? []).includes(f))
    .sort();
}

function main(): void {
  const asked = process.argv.slice(2);
  for (const f of asked) if (!(f in FOLDERS)) throw new Error(`mutation:recorded: ${f} is not one of ${Object.keys(FOLDERS).join(', ')}`);
  const folders = asked.length ? asked : Object.keys(FOLDERS);
  const out: string[] = ['| folder | file | mutants | killed | survived | no coverage | score % | stale |', '| --- | --- | --- | --- | --- | --- | --- | --- |'];
  const totals: string[] = [];
  for (const folder of folders) {
    const path = `scripts/mutation/incremental/${folder}.json`;
    const files = existsSync(path) ? (JSON.parse(readFileSync(path, 'utf8')) as { files: Record<string, { source: string; mutants: RecordedMutant[] }> }).files : {};
    let total = ZERO;
    for (const file of sourcesOf(folder)) {
      const record = files[file];
      if (!record) { out.push(`| ${folder} | ${file} | no record | | | | | |`); continue; }
      const now = readFileSync(file, 'utf8');
      const s = recordedScore(record.mutants, now === record.source ? new Set() : changedLines(record.source, now));
      total = add(total, s);
      if (s.survived + s.noCoverage + s.stale > 0) out.push(`| ${folder} | ${file} | ${s.mutants} | ${s.killed} | ${s.survived} | ${s.noCoverage} | ${percent(s)} | ${s.stale || ''} |`);
    }
    for (const file of Object.keys(files)) if (!existsSync(file)) out.push(`| ${folder} | ${file} | recorded, no longer in the tree | | | | | |`);
    totals.push(`| **${folder}** | (all files) | ${total.mutants} | ${total.killed} | ${total.survived} | ${total.noCoverage} | **${percent(total)}** | ${total.stale} |`);
  }
  console.log([...out.slice(0, 2), ...totals, ...out.slice(2)].join('\n'));
  console.log('\n(files at 100% with nothing stale are left out of the per-file rows; `stale`: mutants on lines changed since the record was made, rerun them)');
}

if (import.meta.url === `file://${process.argv[1]}`) {
  // a reader that stops early (`| head`) is not an error
  process.stdout.on('error', (e: NodeJS.ErrnoException) => { if (e.code !== 'EPIPE') throw e; });
  main();
}
