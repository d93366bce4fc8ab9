/**
 * readRunMap (kernel-lib/import/runMap.ts, `--map FILE`) on map files written by hand (issue #29:
 * mutation testing). Oracle: the rows as written; each refusal at the line and column where the text
 * puts it.
 */
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { ValidationError } from '../../kernel-lib/errors.ts';
import { readRunMap } from '../../kernel-lib/import/runMap.ts';

const HEADER = 'source_id,run_id,task_id,system,attempt';
function mapFile(text: string): string {
  const p = join(mkdtempSync(join(tmpdir(), 'j2g-map-')), 'map.csv');
  writeFileSync(p, text);
  return p;
}
function issuesOf(path: string): string[] {
  try {
    readRunMap(path);
  } catch (e) {
    if (e instanceof ValidationError) return e.message.split('\n').slice(1);
    throw e;
  }
  throw new Error('expected a ValidationError');
}

describe('readRunMap', () => {
  it('reads every row by source_id, attempt as a number, the file named', () => {
    const p = mapFile(`${HEADER}\nepoch1,r-1,task-1,sysZ,1\nstep1,r-2,task-2,sysY,3\n`);
    const m = readRunMap(p);
    expect(m.file).toBe(p);
    expect([...m.bySourceId.entries()]).toEqual([
      ['epoch1', { source_id: 'epoch1', run_id: 'r-1', task_id: 'task-1', system: 'sysZ', attempt: 1 }],
      ['step1', { source_id: 'step1', run_id: 'r-2', task_id: 'task-2', system: 'sysY', attempt: 3 }],
    ]);
  });

  it('a repeated source_id and a repeated run_id are each named at their line, with the earlier line', () => {
    const p = mapFile(`${HEADER}\na,r-1,t,s,1\nb,r-2,t,s,1\na,r-3,t,s,1\nc,r-2,t,s,1\n`);
    expect(issuesOf(p)).toEqual([
      `${p}:4: source_id: expected a unique source_id, "a" is already on line 2`,
      `${p}:5: run_id: expected a unique run_id, "r-2" is already on line 3`,
    ]);
    const both = mapFile(`${HEADER}\na,r-1,t,s,1\na,r-1,t,s,1\n`);
    expect(issuesOf(both)).toEqual([
      `${both}:3: source_id: expected a unique source_id, "a" is already on line 2`,
      `${both}:3: run_id: expected a unique run_id, "r-1" is already on line 2`,
    ]);
  });

  it('a missing or unknown column, and a bad attempt, are refused', () => {
    const missing = mapFile('source_id,run_id,task_id,system\na,r,t,s\n');
    expect(issuesOf(missing)).toEqual([`${missing}:1: attempt: missing required column`]);
    const extra = mapFile(`${HEADER},note\na,r,t,s,1,x\n`);
    expect(issuesOf(extra)).toEqual([`${extra}:1: note: unknown column (known: ${HEADER.split(',').join(', ')})`]);
    const bad = mapFile(`${HEADER}\na,r,t,s,0\nb,r2,,s,1\n`);
    const issues = issuesOf(bad);
    expect(issues).toHaveLength(2);
    expect(issues[0]).toMatch(new RegExp(`^${bad.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}:2: attempt: `));
    expect(issues[1]).toMatch(/:3: task_id: /);
  });
});
