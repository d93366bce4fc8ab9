/**
 * Layers that point one way (issue #22): every import between kernel-lib folders goes from a layer to
 * the same or a lower one, in the order docs/architecture.md draws (data -> metrics -> uncertainty ->
 * tables -> plots -> scenario -> report -> display -> cli/explorer). The oracle is the list below,
 * read against every `import ... from '../x/...'` of kernel-lib; a new upward import fails, naming it.
 */
import { expect, test } from 'vitest';
import { readFileSync, readdirSync, statSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';

const LIB = new URL('../../kernel-lib/', import.meta.url).pathname;

export const LAYERS: readonly (readonly string[])[] = [
  ['errors', 'warn', 'arrays', 'random', 'io', 'stats', 'frames'],
  ['data', 'reference', 'published', 'weights'],
  ['metrics', 'energy', 'import', 'sql'],
  ['uncertainty'],
  ['tables', 'qaij', 'gdpval'],
  ['plots', 'compare'],
  ['scenario', 'export', 'audit', 'robustness', 'release'],
  ['report'],
  ['display'],
  ['cli', 'explorer'],
];

const layerOf = (folder: string) => LAYERS.findIndex((l) => l.includes(folder));

function files(dir: string): string[] {
  return readdirSync(dir).flatMap((f) => {
    const p = join(dir, f);
    return statSync(p).isDirectory() ? files(p) : p.endsWith('.ts') ? [p] : [];
  });
}

test('every kernel-lib folder has a layer, and no import points to a higher layer', () => {
  const folders = readdirSync(LIB).map((f) => f.replace(/\.ts$/, ''));
  expect(folders.filter((f) => layerOf(f) < 0)).toEqual([]);
  const upward: string[] = [];
  for (const file of files(LIB)) {
    const from = relative(LIB, file).split('/')[0].replace(/\.ts$/, '');
    for (const m of readFileSync(file, 'utf8').matchAll(/^(?:import|export)[^\n;]*? from '(\.[^']+)'/gm)) {
      const to = relative(LIB, resolve(dirname(file), m[1])).split('/')[0].replace(/\.ts$/, '');
      if (to.startsWith('..')) upward.push(`${relative(LIB, file)} imports ${m[1]} (outside kernel-lib: build tooling belongs in scripts/)`);
      else if (layerOf(to) > layerOf(from)) upward.push(`${relative(LIB, file)} (${from}) imports ${m[1]} (${to}, a higher layer)`);
    }
  }
  expect(upward).toEqual([]);
});

test('the README layout table names every kernel-lib folder, and the j2g table lists compare', () => {
  const readme = readFileSync(new URL('../../README.md', import.meta.url), 'utf8');
  const row = readme.split('\n').find((l) => l.startsWith('| `kernel-lib/` |')) ?? '';
  const folders = readdirSync(LIB).filter((f) => statSync(join(LIB, f)).isDirectory());
  expect(folders.filter((f) => !row.includes(`\`${f}/\``))).toEqual([]);
  expect(readme).toMatch(/^\| `j2g compare --base A --variant B/m);
});
