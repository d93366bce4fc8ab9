/**
 * The explorer's dropped-folder reader (#23): files are keyed by name, and two files of one name in a
 * drop are refused naming both paths (before: `sub/runs.csv` silently replaced `runs.csv`).
 */
import { describe, expect, it } from 'vitest';
import { textsOfDroppedFiles } from '../../kernel-lib/explorer/droppedFiles.ts';
import { createRng } from '../../kernel-lib/random/prng.ts';

const bytes = (s: string) => new TextEncoder().encode(s);

describe('textsOfDroppedFiles', () => {
  it('refuses runs.csv beside sub/runs.csv, naming both paths', () => {
    const r = textsOfDroppedFiles([{ path: 'd/runs.csv', bytes: bytes('a') }, { path: 'd/sub/runs.csv', bytes: bytes('b') }]);
    expect(r.issues).toEqual([{ file: 'd/sub/runs.csv', message: "same file name as d/runs.csv: which one is the dataset's runs.csv? (drop a folder with one of each)" }]);
  });

  it('keeps every file of a drop without repeated names, and names both paths of every repeat, over 300 generated drops (seeded)', () => {
    const rng = createRng(23);
    const names = ['runs.csv', 'tasks.csv', 'manifest.json', 'notes.txt', 'judgments.csv'];
    const dirs = ['d/', 'd/sub/', 'd/a/b/', ''];
    for (let n = 0; n < 300; n++) {
      const files = Array.from({ length: 1 + rng.int(6) }, (_, i) => ({ path: dirs[rng.int(dirs.length)] + names[rng.int(names.length)], bytes: bytes(`content ${i}`) }));
      const unique = files.filter((f, i) => files.findIndex((g) => g.path === f.path) === i);
      const r = textsOfDroppedFiles(unique);
      const firsts = new Map<string, string>();
      const expectedIssues: string[] = [];
      const expectedTexts: Record<string, string> = {};
      for (const f of unique) {
        const base = f.path.split('/').pop()!;
        if (base === 'notes.txt') continue;
        if (firsts.has(base)) expectedIssues.push(`${f.path} ~ ${firsts.get(base)}`);
        else { firsts.set(base, f.path); expectedTexts[base] = new TextDecoder().decode(f.bytes); }
      }
      expect(r.issues.map((i) => `${i.file} ~ ${/same file name as (\S+):/.exec(i.message)![1]}`)).toEqual(expectedIssues);
      expect(r.texts).toEqual(expectedTexts);
    }
  });
});
