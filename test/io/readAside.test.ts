/**
 * readCsvColumnsAside (issue 27: the dataset's largest file read on another thread) against
 * readCsvColumns on this thread as oracle: on generated files (quoted fields, stray quotes, CR and CRLF,
 * blank lines, wrong field counts, a byte-order mark, invalid UTF-8, a missing file) the worker's
 * columns or error message are the same. The worker is kernel-lib/io/csvWorker.ts compiled here by
 * esbuild (under vitest no compiled worker lies beside the sources, so the default is to read here).
 * Stand-in workers prove take() uses the worker's reply, and reads here when the worker fails to load
 * or stays silent.
 */
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import fc from 'fast-check';
import { beforeAll, describe, expect, it } from 'vitest';
import { readCsvColumns, type CsvColumns } from '../../kernel-lib/io/csv.ts';
import { readAsideMinBytes, readAsideSilenceMs, readCsvColumnsAside, READ_ASIDE_MIN_BYTES } from '../../kernel-lib/io/readAside.ts';

const dir = mkdtempSync(join(tmpdir(), 'j2g-read-aside-'));
let worker: URL;

beforeAll(async () => {
  const esbuild = await import('esbuild');
  const out = join(dir, 'csvWorker.js');
  await esbuild.build({ entryPoints: [join(import.meta.dirname, '../../kernel-lib/io/csvWorker.ts')], outfile: out, bundle: true, format: 'esm', platform: 'node', logLevel: 'error' });
  worker = pathToFileURL(out);
}, 60_000);

/** A columns result as plain data (typed arrays as arrays), or the error's message. */
function outcome(read: () => CsvColumns): unknown {
  try {
    const c = read();
    return { file: c.file, header: c.header, length: c.length, lines: Array.from(c.lines), columns: Object.fromEntries(Object.entries(c.columns).map(([h, v]) => [h, { codes: Array.from(v.codes), dict: v.dict, encoded: v.encoded }])) };
  } catch (e) {
    return { error: (e as Error).name + ': ' + (e as Error).message };
  }
}

let files = 0;
function write(content: string | Buffer): string {
  const path = join(dir, `f${files++}.csv`);
  writeFileSync(path, content);
  return path;
}

const PIECES = ['a', 'b', 'id7', '1.5', '', ',', '"', '""', '"x,y"', '\n', '\r\n', '\r', 'é'];
const clean = fc.constantFrom('a', 'b', 'id7', '1.5', '', 'é', '"x,y"', 'r1', 'r2');
const cell = fc.oneof(fc.constantFrom('a', 'b', 'id7', '1.5', '', 'é'), fc.array(fc.constantFrom(...PIECES), { maxLength: 3 }).map((p) => p.join('')));

describe('readCsvColumnsAside against readCsvColumns', () => {
  it('gives the same columns or the same error on generated files (mostly well-formed, some not)', () => {
    let wellFormed = 0;
    fc.assert(fc.property(
      fc.integer({ min: 1, max: 4 }).chain((width) => fc.tuple(fc.constant(width), fc.array(fc.oneof(
        { arbitrary: fc.array(clean, { minLength: width, maxLength: width }), weight: 12 },
        { arbitrary: fc.array(cell, { maxLength: 5 }), weight: 1 },
      ), { maxLength: 12 }))),
      fc.constantFrom('\n', '\r\n'), fc.boolean(),
      ([width, records], eol, bom) => {
        const header = Array.from({ length: width }, (_, i) => `c${i}`).join(',');
        const path = write((bom ? '\ufeff' : '') + [header, ...records.map((r) => r.join(','))].join(eol) + eol);
        const want = outcome(() => readCsvColumns(path, 'g.csv'));
        if (!('error' in (want as object))) wellFormed++;
        expect(outcome(readCsvColumnsAside(path, 'g.csv', { worker, minBytes: 0 }))).toEqual(want);
      },
    ), { numRuns: 40, seed: 27 });
    expect(wellFormed).toBeGreaterThanOrEqual(10); // the generator gives columns to compare, not only errors
  }, 120_000);

  it('gives the same on a file of 5,000 rows (dictionary and plain columns, codes moved across threads)', () => {
    const lines = ['run_id,judge,outcome'];
    for (let i = 0; i < 5000; i++) lines.push(`r${i},J${i % 3},${['win', 'tie', 'loss'][i % 7 % 3]}`);
    const path = write(lines.join('\n') + '\n');
    const got = outcome(readCsvColumnsAside(path, 'judgments.csv', { worker, minBytes: 0 }));
    expect(got).toEqual(outcome(() => readCsvColumns(path, 'judgments.csv')));
    expect((got as { columns: Record<string, { encoded: boolean }> }).columns.judge.encoded).toBe(true);
    expect((got as { columns: Record<string, { encoded: boolean }> }).columns.run_id.encoded).toBe(false);
  });

  it('names the file, line and column of invalid UTF-8 as readCsvColumns does', () => {
    const path = write(Buffer.concat([Buffer.from('a,b\n1,2\n3,'), Buffer.from([0xff]), Buffer.from('\n')]));
    const got = outcome(readCsvColumnsAside(path, 'bad.csv', { worker, minBytes: 0 }));
    expect(got).toEqual(outcome(() => readCsvColumns(path, 'bad.csv')));
    expect(JSON.stringify(got)).toContain('bad.csv:3');
  });

  it('names a missing file as readCsvColumns does', () => {
    const path = join(dir, 'absent.csv');
    expect(outcome(readCsvColumnsAside(path, 'absent.csv', { worker, minBytes: 0 }))).toEqual(outcome(() => readCsvColumns(path, 'absent.csv')));
  });
});

describe('readCsvColumnsAside uses the worker only where it can', () => {
  const path = () => write('x,y\n1,2\n');

  it("returns the worker's reply (a stand-in worker whose columns name another file)", () => {
    const fake = join(dir, 'fakeWorker.mjs');
    writeFileSync(fake, `import { workerData } from 'node:worker_threads';
const { port, flag } = workerData;
port.postMessage({ columns: { file: 'from the worker', header: ['x'], length: 1, lines: new Int32Array([2]), columns: { x: { codes: new Int32Array([0]), dict: ['7'], encoded: true } } } });
Atomics.store(flag, 0, 1); Atomics.notify(flag, 0); port.close();\n`);
    expect(readCsvColumnsAside(path(), 'f.csv', { worker: pathToFileURL(fake), minBytes: 0 })().file).toBe('from the worker');
  });

  it('reads here when the worker fails to load, or when it is silent past the limit', () => {
    const broken = join(dir, 'brokenWorker.mjs');
    writeFileSync(broken, 'import "./no-such-module.mjs";\n');
    const silent = join(dir, 'silentWorker.mjs');
    writeFileSync(silent, 'setInterval(() => {}, 1000);\n');
    const p = path();
    const want = outcome(() => readCsvColumns(p, 'f.csv'));
    expect(outcome(readCsvColumnsAside(p, 'f.csv', { worker: pathToFileURL(broken), minBytes: 0, silenceMs: 3_000 }))).toEqual(want);
    const t0 = Date.now();
    expect(outcome(readCsvColumnsAside(p, 'f.csv', { worker: pathToFileURL(silent), minBytes: 0, silenceMs: 300 }))).toEqual(want);
    expect(Date.now() - t0).toBeGreaterThanOrEqual(300);
  });

  it('reads here below the size limit (a worker that would answer otherwise is not asked)', () => {
    const fake = join(dir, 'neverAsked.mjs');
    writeFileSync(fake, 'throw new Error("asked");\n');
    const p = path(); // 8 bytes
    expect(readCsvColumnsAside(p, 'f.csv', { worker: pathToFileURL(fake), minBytes: 9 })().file).toBe('f.csv');
  });

  it('takes its size limit from J2G_READ_ASIDE_MIN_BYTES, else 8 MiB, refusing a value that is not a whole number', () => {
    expect(READ_ASIDE_MIN_BYTES).toBe(8 * 1024 * 1024);
    expect(readAsideMinBytes({})).toBe(8 * 1024 * 1024);
    expect(readAsideMinBytes({ J2G_READ_ASIDE_MIN_BYTES: '0' })).toBe(0);
    expect(readAsideMinBytes({ J2G_READ_ASIDE_MIN_BYTES: '12' })).toBe(12);
    expect(() => readAsideMinBytes({ J2G_READ_ASIDE_MIN_BYTES: '1e3' })).toThrow('J2G_READ_ASIDE_MIN_BYTES is "1e3", expected a whole number of bytes');
    expect(readAsideSilenceMs(0)).toBe(60_000);
    expect(readAsideSilenceMs(2 ** 20 + 1)).toBe(64_000); // 2 MiB started: 60 s + 2 x 2 s
  });
});
