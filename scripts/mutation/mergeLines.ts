/**
 * `node --import tsx scripts/mutation/mergeLines.ts BASE OTHER FILE:FROM-TO[,FROM-TO...] [FILE:...]`:
 * like mergeIncremental.ts, but for part of a source file: the mutants of FILE that start on the lines
 * FROM-TO (inclusive) are taken from OTHER and the rest of FILE's mutants kept from BASE. For two runs of
 * one file at once, one of them a `MUTATION_FORCE=1` rerun of some lines (docs/mutation.md, "Session of 2
 * December 2026, second part"): mergeIncremental.ts would replace the whole file's entry, and lose the
 * lines only BASE measured. Both runs must have mutated the same source (checked: FILE's recorded source
 * must be equal). Test ids are matched by test file and name, as in mergeIncremental.ts. Writes BASE.
 */
import { readFileSync, writeFileSync } from 'node:fs';
import { adoptTests, type Test } from './testIds.ts';

interface Mutant { id: string; location: { start: { line: number } }; coveredBy?: string[]; killedBy?: string[] }
interface Report { files: Record<string, { source: string; mutants: Mutant[] }>; testFiles: Record<string, { tests: Test[]; source?: string }> }

const [basePath, otherPath, ...specs] = process.argv.slice(2);
if (!basePath || !otherPath || !specs.length) throw new Error('usage: mergeLines.ts BASE OTHER FILE:FROM-TO[,FROM-TO...] ...');
const base = JSON.parse(readFileSync(basePath, 'utf8')) as Report;
const other = JSON.parse(readFileSync(otherPath, 'utf8')) as Report;

const map = adoptTests(base, other, otherPath);

let nextMutant = 0;
for (const f of Object.values(base.files)) for (const m of f.mutants) nextMutant = Math.max(nextMutant, Number(m.id) + 1);
for (const spec of specs) {
  const at = spec.lastIndexOf(':');
  const path = spec.slice(0, at);
  const ranges = spec.slice(at + 1).split(',').map((r) => {
    const [a, b] = r.split('-').map(Number);
    if (!Number.isInteger(a) || !Number.isInteger(b) || a > b) throw new Error(`${spec}: expected FILE:FROM-TO[,FROM-TO...], found "${r}"`);
    return [a, b] as const;
  });
  const inRange = (m: Mutant) => ranges.some(([a, b]) => m.location.start.line >= a && m.location.start.line <= b);
  const b = base.files[path], o = other.files[path];
  if (!b || !o) throw new Error(`${path}: not in both ${basePath} and ${otherPath}`);
  if (b.source !== o.source) throw new Error(`${path}: the two runs mutated different sources`);
  const taken = o.mutants.filter(inRange).map((m) => ({ ...m, id: String(nextMutant++), coveredBy: map(m.coveredBy), killedBy: map(m.killedBy) }));
  b.mutants = [...b.mutants.filter((m) => !inRange(m)), ...taken];
  console.log(`${path}: ${taken.length} mutants on lines ${ranges.map(([a, c]) => `${a}-${c}`).join(', ')} from ${otherPath}`);
}
writeFileSync(basePath, JSON.stringify(base));
