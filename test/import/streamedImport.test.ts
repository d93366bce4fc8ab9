/**
 * The CSV importers read their file a row at a time (issue #23: they held 37x their file in memory).
 * Oracle: the same importer on the file's whole text (parseCodeCarbon, parseZeusLog after
 * readTextFile), which the format and property suites check by hand: on the fixtures and on variants
 * with CRLF line ends, a bad cell, a broken record, a repeated window or run, a wrong energy sum and an
 * invalid UTF-8 byte after other problems, the streamed import gives the same runs.csv and summary, or
 * the same message naming file and line.
 */
import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { importCodeCarbon, importZeusLog, parseCodeCarbon, parseZeusLog } from '../../kernel-lib/import/index.ts';
import { MAX_IMPORT_FILE_BYTES, readTextFile } from '../../kernel-lib/io/csv.ts';
import { onWarning } from '../../kernel-lib/warn.ts';

onWarning(null);
const dir = mkdtempSync(join(tmpdir(), 'j2g-streamed-import-'));
const FIX = 'test/import/fixtures';

function outcome(read: () => unknown): unknown {
  try {
    return read();
  } catch (e) {
    return { error: (e as Error).message };
  }
}

/** Variants of a fixture's lines: each (name, bytes). */
function variants(text: string, breakRow: (line: string) => string): [string, Buffer][] {
  const lines = text.split('\n');
  const withLine = (k: number, f: (l: string) => string) => lines.map((l, i) => (i === k ? f(l) : l)).join('\n');
  return [
    ['as is', Buffer.from(text)],
    ['CRLF', Buffer.from(text.replace(/\n/g, '\r\n'))],
    ['a bad cell', Buffer.from(withLine(2, breakRow))],
    ['a missing field', Buffer.from(withLine(1, (l) => l.slice(0, l.lastIndexOf(','))))],
    ['a repeated row', Buffer.from(text + lines[1] + '\n')],
    ['a bad cell and then a bad byte', Buffer.concat([Buffer.from(withLine(1, breakRow)), Buffer.from([0xe9, 0x0a])])],
  ];
}

describe('streamed CSV importers give what the whole-text importers give', () => {
  it('CodeCarbon: the same runs.csv, or the same message, on the fixture and its variants', () => {
    const text = readFileSync(`${FIX}/codecarbon-pue.csv`, 'utf8');
    const badCell = (l: string) => l.replace(/,1\.2$/, ',x'); // pue
    const lines = text.trimEnd().split('\n');
    const wrongSum = lines.map((l, i) => (i === lines.length - 1 ? l.split(',').map((c, k) => (k === 13 ? '0.5' : c)).join(',') : i === 1 ? badCell(l) : l)).join('\n') + '\n';
    const all = [...variants(text, badCell), ['a bad cell and a wrong energy sum (energy_consumed)', Buffer.from(wrongSum)] as [string, Buffer]];
    let errors = 0;
    for (const [name, bytes] of all) {
      const path = join(dir, 'emissions.csv');
      writeFileSync(path, bytes);
      const want = outcome(() => parseCodeCarbon(readTextFile(path, path, MAX_IMPORT_FILE_BYTES), path));
      if ('error' in (want as object)) errors++;
      expect(outcome(() => importCodeCarbon(path)), name).toEqual(want);
    }
    expect(errors).toBeGreaterThanOrEqual(4);
    // as the whole-file importer listed them (before this change too): every cell first, then every sum;
    // the sum by hand: 0.0012 + 0.0024 + 0.00024 kWh
    const path = join(dir, 'emissions.csv');
    writeFileSync(path, wrongSum);
    expect(() => importCodeCarbon(path)).toThrow(`2 problems in input:\n${path}:2: pue: expected a PUE >= 1, found "x"\n${path}:4: energy_consumed: expected cpu_energy + gpu_energy + ram_energy (0.00384 kWh), found 0.5`);
  });

  it('Zeus: the same runs.csv, or the same message, on the fixture and its variants', () => {
    const text = readFileSync(`${FIX}/zeus-overlap.csv`, 'utf8');
    let errors = 0;
    for (const [name, bytes] of variants(text, (l) => l.replace(/,([^,]*)$/, ',-1'))) {
      const path = join(dir, 'zeus.csv');
      writeFileSync(path, bytes);
      const want = outcome(() => parseZeusLog(readTextFile(path, path, MAX_IMPORT_FILE_BYTES), path));
      if ('error' in (want as object)) errors++;
      expect(outcome(() => importZeusLog(path)), name).toEqual(want);
    }
    expect(errors).toBeGreaterThanOrEqual(3);
  });
});
