/**
 * `node --import tsx scripts/mutation/mergeIncremental.ts BASE OTHER`: merges Stryker incremental file
 * OTHER into BASE (both mutation-testing-report-schema JSON, as stryker.config.mjs writes them), so that
 * two runs of one folder can go at the same time (docs/mutation.md, "Two runs at once"): each source
 * file of OTHER replaces BASE's entry for it; tests are matched by test file and name (the numeric ids
 * are per run) and the covering/killing ids of OTHER's mutants renumbered. For a test file in both,
 * BASE's recorded source is kept: where OTHER ran with a changed test file, Stryker's next incremental
 * run sees the change and reruns the mutants its changed tests cover. Writes BASE. No quantity.
 */
import { readFileSync, writeFileSync } from 'node:fs';
import { adoptTests, type Test } from './testIds.ts';

interface Mutant { coveredBy?: string[]; killedBy?: string[] }
interface Report { files: Record<string, { mutants: Mutant[] }>; testFiles: Record<string, { tests: Test[]; source?: string }> }

const [basePath, otherPath] = process.argv.slice(2);
if (!basePath || !otherPath) throw new Error('usage: mergeIncremental.ts BASE OTHER');
const base = JSON.parse(readFileSync(basePath, 'utf8')) as Report;
const other = JSON.parse(readFileSync(otherPath, 'utf8')) as Report;

const map = adoptTests(base, other, otherPath);
for (const [path, file] of Object.entries(other.files)) {
  for (const m of file.mutants) {
    if (m.coveredBy) m.coveredBy = map(m.coveredBy);
    if (m.killedBy) m.killedBy = map(m.killedBy);
  }
  base.files[path] = file;
}
writeFileSync(basePath, JSON.stringify(base));
console.log(`${basePath}: ${Object.keys(base.files).length} source files, ${Object.values(base.testFiles).reduce((n, f) => n + f.tests.length, 0)} tests`);
