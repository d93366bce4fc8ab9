/**
 * The lognormal meter error through the CLI: `tables --noise meter:0.2:0.1 --draws 10000` runs (the
 * additive normal refused it) and moves intervals only, never a point value; zero error is tasks only.
 */
import { describe, expect, test } from 'vitest';
import { mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { runNode } from '../helpers/child.ts';
import { SMALL } from '../helpers/dataset.ts';

const J2G = new URL('../../bin/j2g.mjs', import.meta.url).pathname;
const j2g = async (...args: string[]) => { const r = await runNode([J2G, ...args]); return { status: r.code, stdout: r.stdout, stderr: r.stderr }; };
const rows = (dir: string, name: string) => readFileSync(join(dir, name), 'utf8').trim().split('\n').map((l) => l.split(','));

describe('tables --noise meter at any stated size', () => {
  test('meter:0.2:0.1 at 10,000 draws runs; every point value of Tables 13 and 17 equals tasks only, the intervals move', async () => {
    const d = mkdtempSync(join(tmpdir(), 'j2g-meter-'));
    const noisy = await j2g('tables', '--data', SMALL, '--out', join(d, 'a'), '--noise', 'meter:0.2:0.1', '--draws', '10000');
    expect(noisy.stderr).not.toContain('non-positive');
    expect(noisy.status).toBe(0);
    expect((await j2g('tables', '--data', SMALL, '--out', join(d, 'b'), '--draws', '10000')).status).toBe(0);
    expect((await j2g('tables', '--data', SMALL, '--out', join(d, 'z'), '--noise', 'meter:0:0', '--draws', '10000')).status).toBe(0);
    const a = rows(join(d, 'a'), 'table13.csv'), b = rows(join(d, 'b'), 'table13.csv');
    const head = a[0];
    expect(head).toEqual(b[0]);
    const point = head.map((h, i) => [h, i] as const).filter(([h]) => !/_(lo|hi)$/.test(h));
    let moved = 0;
    for (let r = 1; r < a.length; r++) {
      for (const [h, i] of point) expect(a[r][i], `${a[r][0]} ${h}`).toBe(b[r][i]);
      if (a[r][head.indexOf('nvj_lo')] !== b[r][head.indexOf('nvj_lo')]) moved++;
    }
    expect(moved).toBeGreaterThan(0);
    // zero meter error: the tasks-only intervals (every number of every table)
    for (const t of ['table13.csv', 'table17.csv', 'table19.csv']) expect(readFileSync(join(d, 'z', t), 'utf8'), t).toBe(readFileSync(join(d, 'b', t), 'utf8'));
  }, 120_000);
});
