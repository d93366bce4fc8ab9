/**
 * `npm run mutation [FOLDER...]`: Stryker mutation testing of the numeric core, one kernel-lib folder at
 * a time (default: every folder of scripts/mutation/folders.mjs, smallest first), at concurrency 1
 * (MUTATION_CONCURRENCY to change it). Not part of `npm test` or CI: it takes hours on a 2-core machine.
 *
 * Writes out/mutation/<folder>.json (Stryker's mutation-testing-report-schema) and <folder>.md per
 * folder (so that runs of other folders do not erase it), and out/mutation/report.md for the folders of
 * this run: per folder its score (killed + timeout over all valid mutants, the
 * no-coverage ones counted as survivors), its static mutants (reached only while a test file is
 * collected: each reruns every test of the folder, the main cost; docs/mutation.md), its wall time,
 * and every surviving mutant with file, line and replacement. With Stryker's incremental mode
 * (stryker.config.mjs) a folder's counts include results reused from scripts/mutation/incremental. A folder's run that fails is reported as such and the next folder still runs.
 */
import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { FOLDERS } from './folders.mjs';

type Folder = keyof typeof FOLDERS;
interface Mutant { id: string; mutatorName: string; replacement?: string; status: string; static?: boolean; location: { start: { line: number; column: number } } }
interface Report { files: Record<string, { mutants: Mutant[] }> }

const asked = process.argv.slice(2);
for (const f of asked) if (!(f in FOLDERS)) throw new Error(`mutation: ${f} is not one of ${Object.keys(FOLDERS).join(', ')}`);
const folders = (asked.length ? asked : Object.keys(FOLDERS)) as Folder[];
mkdirSync('out/mutation', { recursive: true });

const SURVIVED = new Set(['Survived', 'NoCoverage']);
const KILLED = new Set(['Killed', 'Timeout']);
const narrowed = process.env.MUTATION_MUTATE ? `, narrowed to MUTATION_MUTATE=${process.env.MUTATION_MUTATE}` : '';
const lines: string[] = ['# Mutation testing (`npm run mutation`)', '', `${new Date().toISOString()}, concurrency ${process.env.MUTATION_CONCURRENCY ?? 1}${narrowed}`, '',
  '| folder | mutants | killed | survived | no coverage | score % | static | wall s |', '| --- | --- | --- | --- | --- | --- | --- | --- |'];
const survivors: string[] = [];
for (const folder of folders) {
  const t0 = performance.now();
  const r = spawnSync('npx', ['stryker', 'run', 'stryker.config.mjs'], { stdio: 'inherit', env: { ...process.env, MUTATION_FOLDER: folder } });
  const wallS = (performance.now() - t0) / 1000;
  const file = `out/mutation/${folder}.json`;
  if (r.status !== 0 || !existsSync(file)) {
    lines.push(`| ${folder} | run failed (exit ${r.status}) | | | | | | ${wallS.toFixed(0)} |`);
    continue;
  }
  const report = JSON.parse(readFileSync(file, 'utf8')) as Report;
  let killed = 0, survived = 0, noCoverage = 0, statics = 0;
  const mine: string[] = [];
  for (const [path, { mutants }] of Object.entries(report.files)) {
    for (const m of mutants) {
      if (m.static) statics++;
      if (KILLED.has(m.status)) killed++;
      else if (m.status === 'Survived') survived++;
      else if (m.status === 'NoCoverage') noCoverage++;
      if (SURVIVED.has(m.status)) mine.push(`- ${path}:${m.location.start.line}:${m.location.start.column} ${m.mutatorName} -> \`${(m.replacement ?? '').replace(/\s+/g, ' ').slice(0, 80)}\` (${m.status})`);
    }
  }
  const valid = killed + survived + noCoverage;
  const row = `| ${folder} | ${valid} | ${killed} | ${survived} | ${noCoverage} | ${valid ? ((100 * killed) / valid).toFixed(1) : '-'} | ${statics} | ${wallS.toFixed(0)} |`;
  lines.push(row);
  survivors.push(...mine);
  writeFileSync(`out/mutation/${folder}.md`, [`# Mutation testing: kernel-lib/${folder}`, '', `${new Date().toISOString()}${narrowed}`, '', ...lines.slice(4, 6), row, '', '## Survivors', '', ...mine, ''].join('\n'));
  writeFileSync('out/mutation/report.md', [...lines, '', '## Survivors', '', ...survivors, ''].join('\n'));
}
writeFileSync('out/mutation/report.md', [...lines, '', '## Survivors', '', ...survivors, ''].join('\n'));
console.log(lines.join('\n'));
console.log('report: out/mutation/report.md');
