/**
 * Issue #23, bounded memory and honest messages on big inputs: every whole-file reader states its
 * limit and checks it before reading (a sparse file of the size stands in for a real one), a trace
 * line longer than MAX_LINE_BYTES is one bad line read past in bounded memory, and the trace's
 * manifest.json is read with the strict JSON reader.
 */
import { closeSync, mkdtempSync, openSync, readFileSync, truncateSync, writeFileSync, writeSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { energyRuns } from '../../kernel-lib/energy/index.ts';
import { MAX_LINE_BYTES } from '../../kernel-lib/energy/sampleStream.ts';
import { importCodeCarbon } from '../../kernel-lib/import/index.ts';
import { MAX_CONFIG_CSV_BYTES, MAX_IMPORT_FILE_BYTES, MAX_TEXT_FILE_BYTES, readCsv } from '../../kernel-lib/io/csv.ts';
import { readWeightsFile } from '../../kernel-lib/weights/readWeightsFile.ts';
import { readNodeTypeRates } from '../../kernel-lib/data/nodeType.ts';
import { readNodeRates } from '../../kernel-lib/tables/table05.ts';
import { onWarning } from '../../kernel-lib/warn.ts';
import { powerSamples, writeTrace } from '../energy/traceFixture.ts';

onWarning(null);
const sparse = (bytes: number) => {
  const path = join(mkdtempSync(join(tmpdir(), 'j2g-big-')), 'big.csv');
  writeFileSync(path, 'a,b\n');
  truncateSync(path, bytes); // no disk used: the size is what the reader must check
  return path;
};

describe('whole-file readers state and check their limit (#23)', () => {
  it('refuses a CSV over 256 MiB before reading it, naming its size and the limit (before: "invalid UTF-8" at 550 MB)', () => {
    const path = sparse(MAX_TEXT_FILE_BYTES + 1);
    expect(() => readCsv(path)).toThrow(`${path}: ${MAX_TEXT_FILE_BYTES + 1} bytes, more than the ${MAX_TEXT_FILE_BYTES} bytes (256 MiB) this reader holds in memory; expected a smaller file (split it)`);
  });

  it('refuses a weights or rates file over 16 MiB before reading it (before: a 256 MiB weights file ran V8 out of heap, a stack trace)', () => {
    const path = sparse(MAX_CONFIG_CSV_BYTES + 1);
    const said = `${path}: ${MAX_CONFIG_CSV_BYTES + 1} bytes, more than the ${MAX_CONFIG_CSV_BYTES} bytes (16 MiB) this reader holds in memory; expected a smaller file (split it)`;
    expect(() => readWeightsFile(path)).toThrow(said);
    expect(() => readNodeTypeRates(path)).toThrow(said);
    expect(() => readNodeRates(path)).toThrow(said);
  });

  it('refuses a CodeCarbon file over 64 MiB before reading it (before: 4 GB of memory for 167 MB)', () => {
    const path = sparse(MAX_IMPORT_FILE_BYTES + 1);
    expect(() => importCodeCarbon(path)).toThrow(`${MAX_IMPORT_FILE_BYTES + 1} bytes, more than the ${MAX_IMPORT_FILE_BYTES} bytes (64 MiB) this reader holds in memory`);
  });
});

describe('trace readers (#23)', () => {
  it('skips and lists a trace line longer than 1 MiB instead of growing a buffer until the process dies', () => {
    // before: the chunk doubled for the line, and a 640 MB line crashed j2g energy with a stack trace
    const dir = writeTrace({ gpus: ['GPU-a'], smi: powerSamples('GPU-a', 0, 4, 0.5, () => 100), marks: [{ t: 0, kind: 'run-start', id: 'r' }, { t: 4, kind: 'run-end', id: 'r' }] });
    const lines = readFileSync(join(dir, 'smi.csv'), 'utf8').split('\n');
    const fd = openSync(join(dir, 'smi.csv'), 'w');
    writeSync(fd, lines.slice(0, 4).join('\n') + '\n');
    const junk = Buffer.alloc(MAX_LINE_BYTES, 0x37);
    for (let k = 0; k < 3; k++) writeSync(fd, junk);
    writeSync(fd, '\n' + lines.slice(4).join('\n'));
    closeSync(fd);
    const { rows, summary } = energyRuns(dir);
    expect(summary.skipped_lines.map((k) => `${k.line}: ${k.message}`)).toEqual([`5: line of ${3 * MAX_LINE_BYTES} bytes or more, longer than the ${MAX_LINE_BYTES} bytes a trace line may have: not read`]);
    expect(Number(rows[0].energy_mj)).toBeCloseTo(0.0004, 12); // oracle: 100 W over [0, 4] from the other samples
    expect(rows[0].validity).toBe('skipped-line');
  });

  it('reads manifest.json strictly: a duplicated key is refused with its line (before: JSON.parse kept the last)', () => {
    const dir = writeTrace({ gpus: ['GPU-a'], smi: powerSamples('GPU-a', 0, 1, 0.5, () => 100), marks: [] });
    const m = readFileSync(join(dir, 'manifest.json'), 'utf8');
    writeFileSync(join(dir, 'manifest.json'), m.replace('"interval_ms":100,', '"interval_ms":100,\n"interval_ms":5,'));
    expect(() => energyRuns(dir)).toThrow(`${join(dir, 'manifest.json')}:2: interval_ms: duplicate key "interval_ms" (first on line 1)`);
  });
});
