/**
 * readTraceManifest on manifest.json files written here (#29: mutation testing found the manifest's
 * schema and its error messages checked only through whole traces, and mostly not at all).
 *
 * Oracles: the manifest this file writes (what was written must be what is read, unknown keys kept),
 * and for each refusal the file, the line of the offending key found by searching the written text
 * (not by the code's own line map), the field's dotted path, and what was expected.
 *
 * Equivalent mutant: readTraceManifest's `if (!(e instanceof ValidationError)) throw e` made `if (false)`
 * (rethrow nothing unexpected). readTextFile throws only ValidationErrors (every file-system error is
 * wrapped into one, and decodeUtf8 throws one), so the rethrow is never reached by any input.
 */
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { expect, test } from 'vitest';
import { ValidationError } from '../../kernel-lib/errors.ts';
import { readTraceManifest } from '../../kernel-lib/energy/traceManifest.ts';

// eslint-disable-next-line @typescript-eslint/no-explicit-any
type Json = any;
const manifest = (): Json => ({
  format: 'power-log/1',
  host: 'node-7',
  started: { mono_ns: 1_000_000_000_000, wall_ns: 1.7e18 },
  interval_ms: 250,
  clock: 'CLOCK_MONOTONIC',
  samplers: [
    { source: 'nvml', status: 'ran', exit_status: 0 },
    { source: 'rapl', status: 'died', exit_status: 9, mono_ns: 1_000_500_000_000 },
  ],
  sources: {
    nvml: { status: 'present', file: 'nvml.csv', gpus: [{ index: '0', uuid: 'GPU-a' }, { index: 1, uuid: 'GPU-b' }] },
    nvidia_smi: { status: 'denied', reason: 'nvidia-smi: permission denied' },
    rapl: { status: 'present', zones: [{ label: 'package-0', kind: 'package', max_energy_range_uj: 262143328850 }, { label: 'dram-0', kind: 'dram', max_energy_range_uj: 65712999613 }] },
  },
});

/** Write `text` as DIR/manifest.json; returns DIR. */
const dirWith = (text: string | Buffer): string => {
  const dir = mkdtempSync(join(tmpdir(), 'j2g-manifest-'));
  writeFileSync(join(dir, 'manifest.json'), text);
  return dir;
};

/** The messages readTraceManifest throws for DIR (it must throw a ValidationError). */
const problems = (dir: string): string[] => {
  try {
    readTraceManifest(dir);
  } catch (e) {
    if (!(e instanceof ValidationError)) throw e;
    return e.message.split('\n').slice(1);
  }
  throw new Error('expected a ValidationError');
};

/** 1-based number of the first line of `text` that contains `needle`. */
const lineOf = (text: string, needle: string): number => {
  const ls = text.split('\n');
  for (let i = 0; i < ls.length; i++) if (ls[i].includes(needle)) return i + 1;
  throw new Error(`${needle} not in the text`);
};

test('a complete manifest is read as written: sources, GPUs by string or number index, RAPL zones, samplers, unknown keys kept', () => {
  const m = manifest();
  const dir = dirWith(JSON.stringify(m, null, 2));
  expect(readTraceManifest(dir)).toEqual(m);
});

test('a manifest without samplers (power-log still running) and without GPU or zone lists is accepted', () => {
  const m = manifest();
  delete m.samplers;
  delete m.sources.nvml.gpus;
  delete m.sources.rapl.zones;
  m.sources.rapl.status = 'absent';
  expect(readTraceManifest(dirWith(JSON.stringify(m)))).toEqual(m);
});

test('each bad field is refused naming the file, the line of its key, its path and what was expected', () => {
  // [the text on the bad key's line after the change, the change, the message]
  const cases: [string, (m: Json) => void, string][] = [
    ['"format"', (m) => { m.format = 'power-log/2'; }, 'format: Invalid input: expected "power-log/1"'],
    ['"host"', (m) => { m.host = 7; }, 'host: Invalid input: expected string, received number'],
    ['"mono_ns": "1"', (m) => { m.started.mono_ns = '1'; }, 'started.mono_ns: Invalid input: expected number, received string'],
    ['"wall_ns"', (m) => { m.started.wall_ns = null; }, 'started.wall_ns: Invalid input: expected number, received null'],
    ['"interval_ms"', (m) => { m.interval_ms = 0; }, 'interval_ms: Too small: expected number to be >0'],
    ['"source": "rocm_smi"', (m) => { m.samplers[0].source = 'rocm_smi'; }, 'samplers.0.source: Invalid option: expected one of "nvml"|"nvidia_smi"|"rapl"|"amd_smi"'],
    ['"counter_bits": 65', (m) => { m.sources.amd_smi = { status: 'present', gpus: [{ index: 0, uuid: 'u', counter_resolution_uj: 15.2587890625, counter_bits: 65 }] }; }, 'sources.amd_smi.gpus.0.counter_bits: Too big: expected number to be <=64'],
    ['"counter_resolution_uj": 0', (m) => { m.sources.amd_smi = { status: 'present', gpus: [{ index: 0, uuid: 'u', counter_resolution_uj: 0, counter_bits: 64 }] }; }, 'sources.amd_smi.gpus.0.counter_resolution_uj: Too small: expected number to be >0'],
    ['"status": "crashed"', (m) => { m.samplers[1].status = 'crashed'; }, 'samplers.1.status: Invalid option: expected one of "ran"|"died"'],
    ['"exit_status": "9"', (m) => { m.samplers[1].exit_status = '9'; }, 'samplers.1.exit_status: Invalid input: expected number, received string'],
    ['"mono_ns": "1000500000000"', (m) => { m.samplers[1].mono_ns = '1000500000000'; }, 'samplers.1.mono_ns: Invalid input: expected number, received string'],
    ['"status": "refused"', (m) => { m.sources.nvidia_smi.status = 'refused'; }, 'sources.nvidia_smi.status: Invalid option: expected one of "present"|"absent"|"denied"'],
    ['"reason": 5', (m) => { m.sources.nvidia_smi.reason = 5; }, 'sources.nvidia_smi.reason: Invalid input: expected string, received number'],
    ['"index": true', (m) => { m.sources.nvml.gpus[1].index = true; }, 'sources.nvml.gpus.1.index: Invalid input'],
    ['"uuid": 0', (m) => { m.sources.nvml.gpus[0].uuid = 0; }, 'sources.nvml.gpus.0.uuid: Invalid input: expected string, received number'],
    ['"uuid": 7', (m) => { m.sources.nvidia_smi.gpus = [{ index: 0, uuid: 7 }]; }, 'sources.nvidia_smi.gpus.0.uuid: Invalid input: expected string, received number'],
    ['"label": [', (m) => { m.sources.rapl.zones[1].label = ['dram-0']; }, 'sources.rapl.zones.1.label: Invalid input: expected string, received array'],
    ['"kind": "core"', (m) => { m.sources.rapl.zones[1].kind = 'core'; }, 'sources.rapl.zones.1.kind: Invalid option: expected one of "package"|"dram"'],
    ['"max_energy_range_uj": 0', (m) => { m.sources.rapl.zones[1].max_energy_range_uj = 0; }, 'sources.rapl.zones.1.max_energy_range_uj: Too small: expected number to be >0'],
  ];
  for (const [needle, change, message] of cases) {
    const m = manifest();
    change(m);
    const text = JSON.stringify(m, null, 2);
    const dir = dirWith(text);
    expect(problems(dir), needle).toEqual([`${join(dir, 'manifest.json')}:${lineOf(text, needle)}: ${message}`]);
  }
});

test('a missing field is refused at the line of the object that lacks it', () => {
  // sources removed: the root object opens on line 1; rapl removed from sources: "sources" opens on its line
  const m = manifest();
  delete m.sources;
  const dir = dirWith(JSON.stringify(m, null, 2));
  expect(problems(dir)).toEqual([`${join(dir, 'manifest.json')}:1: sources: Invalid input: expected object, received undefined`]);
  const m2 = manifest();
  delete m2.sources.rapl;
  const text = JSON.stringify(m2, null, 2);
  const dir2 = dirWith(text);
  expect(problems(dir2)).toEqual([`${join(dir2, 'manifest.json')}:${lineOf(text, '"sources"')}: sources.rapl: Invalid input: expected object, received undefined`]);
});

test('every bad field is named, not only the first', () => {
  const m = manifest();
  m.interval_ms = -5;
  m.sources.rapl.zones[0].kind = 'uncore';
  const text = JSON.stringify(m, null, 2);
  const dir = dirWith(text);
  const file = join(dir, 'manifest.json');
  expect(problems(dir)).toEqual([
    `${file}:${lineOf(text, '"interval_ms"')}: interval_ms: Too small: expected number to be >0`,
    `${file}:${lineOf(text, '"kind": "uncore"')}: sources.rapl.zones.0.kind: Invalid option: expected one of "package"|"dram"`,
  ]);
});

test('a manifest that cannot be read says so, naming the file: missing, over 1 MiB, not UTF-8', () => {
  const none = mkdtempSync(join(tmpdir(), 'j2g-manifest-'));
  expect(problems(none)).toEqual([`${join(none, 'manifest.json')}: cannot read trace manifest: cannot read file (ENOENT)`]);
  // 2^20 bytes is the limit: one byte more is refused unread, the limit itself is read (and then checked)
  const pad = (n: number) => { const t = JSON.stringify(manifest()); return t.slice(0, -1) + ',"pad":"' + 'x'.repeat(n - t.length - 9) + '"}'; };
  expect(pad(2 ** 20).length).toBe(2 ** 20);
  expect(readTraceManifest(dirWith(pad(2 ** 20))).host).toBe('node-7');
  const big = dirWith(pad(2 ** 20 + 1));
  expect(problems(big)).toEqual([`${join(big, 'manifest.json')}: cannot read trace manifest: ${2 ** 20 + 1} bytes, more than the ${2 ** 20} bytes (1 MiB) this reader holds in memory; expected a smaller file (split it)`]);
  const latin1 = dirWith(Buffer.from('{\n"host": "n\xe9"}', 'latin1'));
  expect(problems(latin1)).toEqual([`${join(latin1, 'manifest.json')}:2: cannot read trace manifest: invalid UTF-8 byte 0xE9 at column 11 (byte 13 of the file), expected UTF-8 text`]);
});

test('a manifest that is not JSON is refused at the line of the syntax error', () => {
  // line 3 is '  "host": "h",,': the second comma is its 15th character
  const dir = dirWith('{\n  "format": "power-log/1",\n  "host": "h",,\n}');
  expect(problems(dir)).toEqual([`${join(dir, 'manifest.json')}:3: expected a key in double quotes, found ',' at column 15`]);
});
