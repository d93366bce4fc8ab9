/**
 * streamCsvFile (io/csv.ts), the chunked reader the importers stream through (#23), against the
 * whole-file reader readCsv as oracle: on generated files (quotes, quoted line ends, CR, CRLF, a
 * byte-order mark, multi-byte characters, blank lines, invalid UTF-8 bytes) read in chunks of 1 to 7
 * bytes, so that a chunk ends at every place in turn, it hands over the same header and the same rows
 * at the same lines, or throws the same message.
 */
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { formatCsv, readCsv, streamCsvFile } from '../../kernel-lib/io/csv.ts';
import { createRng } from '../../kernel-lib/random/prng.ts';

const dir = mkdtempSync(join(tmpdir(), 'j2g-csv-stream-'));

function outcome(read: () => { header: string[]; rows: { line: number; values: Record<string, string> }[] }): unknown {
  try {
    const { header, rows } = read();
    return { header, rows };
  } catch (e) {
    return { error: (e as Error).message };
  }
}

function streamed(path: string, chunkBytes: number) {
  let header: string[] = [];
  const rows: { line: number; values: Record<string, string> }[] = [];
  streamCsvFile(path, 'g.csv', (h) => (header = h), (line, fields) => {
    rows.push({ line, values: Object.fromEntries(header.map((h, k) => [h, fields[k]])) });
  }, undefined, chunkBytes);
  return { header, rows };
}

describe('streamCsvFile reads as readCsv does, wherever its chunks end', () => {
  it('gives readCsv\'s header and rows, or its error message, on 300 generated files in chunks of 1 to 7 bytes', () => {
    const rng = createRng(2023);
    const pieces = ['a', 'b1', ',', ',', '"', '""', '\n', '\n', '\r\n', '\r', 'é', '€', '😀', ' ', 'x"y'];
    const bad = [Buffer.from([0xe9]), Buffer.from([0xe2, 0x82]), Buffer.from([0xc0, 0xaf])];
    let errors = 0, reads = 0;
    for (let n = 0; n < 300; n++) {
      const cell = () => Array.from({ length: rng.int(4) }, () => pieces[rng.int(pieces.length)]).join('');
      const body = rng.int(2) === 0
        ? formatCsv(['c0', 'c1'], Array.from({ length: 1 + rng.int(6) }, () => ({ c0: cell(), c1: cell() }))).replace(/\n/g, rng.int(2) ? '\n' : '\r\n') // valid
        : 'c0,c1\n' + Array.from({ length: rng.int(30) }, () => pieces[rng.int(pieces.length)]).join(''); // mostly not
      const text = (rng.int(4) === 0 ? '\ufeff' : '') + body;
      const bytes = rng.int(6) === 0 ? Buffer.concat([Buffer.from(text.slice(0, 4 + rng.int(text.length - 3))), bad[rng.int(bad.length)], Buffer.from('\n')]) : Buffer.from(text);
      const path = join(dir, `g${n}.csv`);
      writeFileSync(path, bytes);
      const want = outcome(() => readCsv(path, 'g.csv'));
      if ('error' in (want as object)) errors++; else reads++;
      for (const chunk of [1, 2, 3, 5, 7, 1 << 20]) expect(outcome(() => streamed(path, chunk)), `${JSON.stringify(bytes.toString('latin1'))} in chunks of ${chunk}`).toEqual(want);
    }
    // both kinds of outcome were generated, so both were compared
    expect(errors).toBeGreaterThan(30);
    expect(reads).toBeGreaterThan(30);
  });

  it('reads a quoted field longer than many chunks whole, with its line ends counted', () => {
    const path = join(dir, 'long.csv');
    const long = 'x\r\n'.repeat(5000);
    writeFileSync(path, `a,b\n1,"${long}"\n2,z\n`);
    const got = streamed(path, 64);
    expect(got.rows).toEqual([{ line: 2, values: { a: '1', b: long } }, { line: 5003, values: { a: '2', b: 'z' } }]);
  });
});
