/**
 * Issue #23, outputs: every command's --out goes through the one rule of kernel-lib/io/outputDir.ts
 * (never an input folder or inside one, never a filesystem root), `j2g tables` removes only what the
 * record of its own earlier run lists, and an earlier --out never changes on a failed run.
 */
import { cpSync, existsSync, mkdtempSync, readdirSync, readFileSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { createRng } from '../../kernel-lib/random/prng.ts';
import { clearWarnings, onWarning, warnings } from '../../kernel-lib/warn.ts';
import { j2gInProcess as j2g } from '../helpers/cli.ts';
import { SMALL, editedDataset } from '../helpers/dataset.ts';

onWarning(null);
afterEach(() => vi.restoreAllMocks());
const TRACE = 'data/traces/standin-two-runs';
const listing = (dir: string) => Object.fromEntries(readdirSync(dir).sort().map((f) => [f, readFileSync(join(dir, f), 'utf8')]));

describe('one output-path rule for every command (#23)', () => {
  // `--out /` itself is tested on checkOutputPath (test/io/outputDir.test.ts): here, were the rule to
  // regress, it would write into / as root
  it('j2g tables refuses --out equal to --data (also through a link) and --out inside it, before writing anything', async () => {
    // before: `--out /` wrote 13 files into / as root, and --out equal to --data was accepted
    const data = mkdtempSync(join(tmpdir(), 'j2g-ds-'));
    cpSync(SMALL, data, { recursive: true });
    const before = listing(data);
    const link = join(mkdtempSync(join(tmpdir(), 'j2g-lnk-')), 'data');
    symlinkSync(data, link);
    for (const [out, why] of [[data, 'it is the dataset folder itself'], [link, 'it is the dataset folder itself'], [join(data, 'tables'), `it is inside the dataset folder`]]) {
      const r = await j2g(['tables', '--data', data, '--out', out, '--draws', '10']);
      expect(r.code, out).not.toBe(0);
      expect(r.err, out).toContain(`refusing --out ${out}: ${why}`);
    }
    expect(listing(data)).toEqual(before);
  }, 60000);

  it('j2g energy refuses TRACE/..runs.csv (inside the trace, though its name begins with "..")', async () => {
    // before: the test was a string prefix (rel.startsWith('..')), so "..runs.csv" counted as outside
    const trace = mkdtempSync(join(tmpdir(), 'j2g-trace-'));
    cpSync(TRACE, trace, { recursive: true });
    const before = readdirSync(trace).sort();
    const r = await j2g(['energy', '--trace', trace, '--out', join(trace, '..runs.csv'), '--summary', join(trace, '..', 's.json')]);
    expect(r.code).toBe(1);
    expect(r.err).toContain(`refusing --out ${join(trace, '..runs.csv')}: it is inside the trace folder ${trace}`);
    expect(readdirSync(trace).sort()).toEqual(before);
  });

  it('j2g import refuses an --out that is its --from file', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'j2g-imp-'));
    const from = join(dir, 'emissions.csv');
    writeFileSync(from, 'x\n');
    const r = await j2g(['import', 'codecarbon', '--from', from, '--out', from]);
    expect(r.code).toBe(1);
    expect(r.err).toContain(`refusing --out ${from}: it is the --from input itself`);
    expect(readFileSync(from, 'utf8')).toBe('x\n');
  });
});

describe('j2g tables removes only what its own earlier run wrote (#23)', () => {
  it('keeps a table05.csv of the user\'s own in --out, and removes one its earlier run wrote', async () => {
    // before: any tableNN.csv in --out that this run did not write was removed ("from an earlier run")
    const out = mkdtempSync(join(tmpdir(), 'j2g-out-'));
    writeFileSync(join(out, 'table05.csv'), 'my own table\n');
    clearWarnings();
    const r = await j2g(['tables', '--data', SMALL, '--out', out, '--draws', '10']);
    expect(r.code).toBe(0);
    expect(readFileSync(join(out, 'table05.csv'), 'utf8')).toBe('my own table\n');
    expect(warnings().join('\n')).not.toContain('removed');
    // a run with --rates writes table05 (over the user's file: it is an output name) and records it;
    // the next run without --rates removes it, since its record lists it
    const rates = new URL('../../data/reference/node_rates.csv', import.meta.url).pathname;
    expect((await j2g(['tables', '--data', SMALL, '--out', out, '--draws', '10', '--rates', rates])).code).toBe(0);
    expect(readFileSync(join(out, 'table05.csv'), 'utf8')).not.toBe('my own table\n');
    clearWarnings();
    expect((await j2g(['tables', '--data', SMALL, '--out', out, '--draws', '10'])).code).toBe(0);
    expect(warnings().join('\n')).toContain(`removed ${join(out, 'table05.csv')} from an earlier run: table05 was not asked for this time (--rates)`);
    expect(existsSync(join(out, 'table05.csv'))).toBe(false);
  }, 60000);

  it('leaves an earlier --out exactly as it was after failed runs: generated broken datasets (seeded)', async () => {
    const out = mkdtempSync(join(tmpdir(), 'j2g-out-'));
    expect((await j2g(['tables', '--data', SMALL, '--out', out, '--draws', '10'])).code).toBe(0);
    writeFileSync(join(out, 'notes.txt'), 'mine');
    const before = listing(out);
    const rng = createRng(2323);
    const files = ['tasks.csv', 'judgments.csv', 'runs.csv', 'manifest.json'];
    for (let n = 0; n < 4; n++) {
      const file = files[rng.int(files.length)];
      const dir = editedDataset({
        [file]: (t) => {
          const lines = t.split('\n');
          const i = 1 + rng.int(Math.max(1, lines.length - 2));
          const cut = rng.int(Math.max(1, lines[i].length));
          lines[i] = lines[i].slice(0, cut) + ['"', ',', '\u0000', '{'][rng.int(4)] + lines[i].slice(cut);
          return lines.join('\n');
        },
      });
      const r = await j2g(['tables', '--data', dir, '--out', out, '--draws', '10']);
      if (r.code === 0) continue; // a mutation the reader accepts (the value was free text): nothing to check here
      expect(listing(out), `${file}: ${r.err}`).toEqual(before);
    }
  }, 120000);
});
