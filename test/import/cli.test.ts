/**
 * `j2g import` at the command line: the same rows as the library, bad input as located lines with exit
 * 1 and nothing written (an existing --out stays as it was), a map that misses a run is an error.
 */
import { existsSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { j2gInProcess as j2g } from '../helpers/cli.ts';
import { onWarning } from '../../kernel-lib/warn.ts';

const FIX = 'test/import/fixtures';
onWarning(null);
afterEach(() => vi.restoreAllMocks());
const tmp = () => mkdtempSync(join(tmpdir(), 'j2g-import-'));

describe('j2g import', () => {
  it('writes the hand-computed runs.csv of each format', async () => {
    for (const [format, from, want] of [
      ['ipw', `${FIX}/ipw-concurrent`, `${FIX}/ipw-concurrent/expected-runs.csv`],
      ['zeus', `${FIX}/zeus-overlap.csv`, `${FIX}/zeus-overlap.expected-runs.csv`],
      ['codecarbon', `${FIX}/codecarbon-pue.csv`, `${FIX}/codecarbon-pue.expected-runs.csv`],
    ]) {
      const out = join(tmp(), 'runs.csv');
      const { code } = await j2g(['import', format, '--from', from, '--out', out]);
      expect(code).toBe(0);
      expect(readFileSync(out, 'utf8')).toBe(readFileSync(want, 'utf8'));
    }
  });

  it('reports flagged runs on stderr', async () => {
    const { code, err } = await j2g(['import', 'ipw', '--from', `${FIX}/ipw-concurrent`, '--out', join(tmp(), 'runs.csv')]);
    expect(code).toBe(0);
    expect(err).toContain('3 run(s) flagged in the validity column (concurrent-whole-device 3, ipw-buffer-exceeded 1)');
  });

  it('a bad file: located problems, exit 1, an existing --out left as it was', async () => {
    const dir = tmp();
    const bad = join(dir, 'zeus.csv');
    writeFileSync(bad, 'start_time,window_name,elapsed_time,gpu0_energy\n100,a,2,1e400\n');
    const out = join(dir, 'runs.csv');
    writeFileSync(out, 'before\n');
    const { code, err } = await j2g(['import', 'zeus', '--from', bad, '--out', out]);
    expect(code).toBe(1);
    expect(err).toContain(`${bad}:2: gpu0_energy: expected a finite number >= 0, found "1e400"`);
    expect(readFileSync(out, 'utf8')).toBe('before\n');
  });

  it('a map that does not list a run is an error at the run\'s line, and nothing is written', async () => {
    const dir = tmp();
    const map = join(dir, 'map.csv');
    writeFileSync(map, 'source_id,run_id,task_id,system,attempt\nepoch1,r1,t1,s,1\nstep1,r2,t1,s,2\neval,r3,t2,s,1\n');
    const out = join(dir, 'runs.csv');
    const { code, err } = await j2g(['import', 'zeus', '--from', `${FIX}/zeus-overlap.csv`, '--out', out, '--map', map]);
    expect(code).toBe(1);
    expect(err).toContain(`${FIX}/zeus-overlap.csv:5: window_name: expected an id listed in ${map} (source_id), found "save"`);
    expect(existsSync(out)).toBe(false);
  });

  it('a map with a repeated run_id or a bad attempt is refused', async () => {
    const dir = tmp();
    const map = join(dir, 'map.csv');
    writeFileSync(map, 'source_id,run_id,task_id,system,attempt\nepoch1,r1,t1,s,1\nstep1,r1,t1,s,0\n');
    const { code, err } = await j2g(['import', 'zeus', '--from', `${FIX}/zeus-overlap.csv`, '--out', join(dir, 'runs.csv'), '--map', map]);
    expect(code).toBe(1);
    expect(err).toContain(`${map}:3: attempt: expected an integer >= 1, found 0`);
  });

  it('refuses an unknown format, a missing --from and --ipw-buffer-s for another format', async () => {
    expect((await j2g(['import', 'carbontracker', '--from', 'x', '--out', 'y'])).err).toContain('invalid format: carbontracker (expected one of ipw | zeus | codecarbon)');
    expect((await j2g(['import', 'zeus', '--out', 'y'])).err).toContain('missing --from PATH');
    expect((await j2g(['import', 'zeus', '--from', 'x', '--out', 'y', '--ipw-buffer-s', '60'])).err).toContain('--ipw-buffer-s applies to ipw only');
  });
});
