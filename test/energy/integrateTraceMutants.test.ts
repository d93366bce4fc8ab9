/**
 * integrateTrace called directly on hand-written traces (#29: the energy tests reach it through
 * energyRuns, mostly on flat or piecewise-constant power, one device per source, where a wrong unit, a
 * wrong ceiling or a misplaced flag can hide in a run's sum). Oracles by hand:
 * - power.draw: the trapezoid rule (Joules-to-GDP 2.3, "integrated sampled power") with linear
 *   interpolation at segment edges; on p(t) = 100 t W the piece [a, b] is 50 (b^2 - a^2) J;
 * - counters: the difference of readings in J (NVML mJ x 1e-3, RAPL uJ x 1e-6), spread at constant
 *   power over its interval; a RAPL wrap adds the zone's range;
 * - flags: the interval that spans a missing, implausible or conflicting sample, or is longer than
 *   gapLimitS, carries the flag (types.ts FLAG), and only that interval.
 *
 * Equivalent mutants (no output can change), integrateTrace.ts:
 * - 71 `zones ?? []` made `?? ['Stryker was here']`: only a RAPL source without a zone list reaches it,
 *   and then the map's one key is undefined, which no device name (a string) equals: every zone is still
 *   unknown and skipped.
 * - 88 `source === 'rapl' ? null : ...` made `false` (or 'rapl' made ''): the GPU list is then built for
 *   RAPL too, but a RAPL device is judged by `zones.has(name)` alone; `listed` is never read for it.
 * - 120 `if (c.flag)` made `true`: with no flag, `flag |= FLAG[null]` ORs undefined, which is 0.
 * - The held sample in fields (issue 27), 145 `hasHeld: false` made `true` and 164 `if (st.hasHeld)` made
 *   `true`: the device's first sample then commits the empty hold (t and v NaN) first, which only sets
 *   `missing-samples` in `st.na`; the first real commit (st.t still NaN, so no interval) resets `na` to 0,
 *   so no interval ever carries it (an NA or implausible first sample leaves the same state).
 * - 159 `if (pending.length)` made `true`: the loop over an empty list does nothing.
 */
import { readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, test } from 'vitest';
import { integrateTrace, type IntegrateOptions } from '../../kernel-lib/energy/integrateTrace.ts';
import { readTraceManifest } from '../../kernel-lib/energy/traceManifest.ts';
import { FLAG } from '../../kernel-lib/energy/types.ts';
import { parquetBytes } from '../../kernel-lib/io/parquet.ts';
import { ORIGIN_NS, writeTrace, type FixtureTrace } from './traceFixture.ts';

const OPTS: IntegrateOptions = { gapLimitS: 10, raplCeilingW: 300 };
const MARKS = [{ t: 0, kind: 'run-start', id: 'r' }, { t: 4, kind: 'run-end', id: 'r' }];

function integrate(t: Partial<FixtureTrace>, boundaries: number[], opts: IntegrateOptions = OPTS) {
  const dir = writeTrace({ marks: MARKS, ...t });
  return { dir, ...integrate2(dir, boundaries, opts) };
}
function integrate2(dir: string, boundaries: number[], opts: IntegrateOptions = OPTS) {
  const r = integrateTrace(dir, readTraceManifest(dir), Float64Array.from(boundaries), opts);
  const by = (source: string, device: string) => r.series.find((s) => s.source === source && s.device === device)!;
  const e = (source: string, device: string) => [...by(source, device).seg.energyJ];
  const f = (source: string, device: string) => [...by(source, device).seg.flags];
  return { r, by, e, f };
}

describe('power.draw (trapezoid)', () => {
  test('a ramp p = 100 t over [0, 4], boundaries 1.5 and 3: 112.5, 337.5 and 350 J (the left endpoint rule gives 75, 262.5, 300)', () => {
    const { e, f, by } = integrate({ gpus: ['GPU-a'], smi: [0, 1, 2, 3, 4].map((t) => [t, 'GPU-a', 100 * t]) }, [1.5, 3]);
    expect(e('smi', 'GPU-a')).toEqual([112.5, 337.5, 350]);
    expect(f('smi', 'GPU-a')).toEqual([0, 0, 0]);
    const s = by('smi', 'GPU-a');
    expect([s.component, s.primary, s.samples, s.seg.firstS, s.seg.lastS]).toEqual(['gpu', true, 5, 0, 4]);
  });

  test('an NA sample flags the one interval spanning it, which is integrated between its neighbours', () => {
    // 100 W at 0, NA at 1, 300 W at 2, 300 W at 3: [0, 2] is (100 + 300) / 2 x 2 = 400 J, flagged; [2, 3] is 300 J
    const { e, f, r, by } = integrate({ gpus: ['GPU-a'], smi: [[0, 'GPU-a', 100], [1, 'GPU-a', 'NA'], [2, 'GPU-a', 300], [3, 'GPU-a', 300]] }, [2]);
    expect(e('smi', 'GPU-a')).toEqual([400, 300]);
    expect(f('smi', 'GPU-a')).toEqual([FLAG['missing-samples'], 0]);
    expect(by('smi', 'GPU-a').samples).toBe(3);
    expect([r.records, r.naValues]).toEqual([4, 1]);
  });

  test('a sample above gpuCeilingW is left out and flags its interval; one exactly at the ceiling is used', () => {
    const smi: FixtureTrace['smi'] = [[0, 'GPU-a', 100], [1, 'GPU-a', 501], [2, 'GPU-a', 100], [3, 'GPU-a', 500], [4, 'GPU-a', 100]];
    const { e, f } = integrate({ gpus: ['GPU-a'], smi }, [2], { ...OPTS, gpuCeilingW: 500 });
    expect(e('smi', 'GPU-a')).toEqual([200, 600]); // [0, 2] at 100 W; [2, 4] through 500 W at 3: 300 + 300
    expect(f('smi', 'GPU-a')).toEqual([FLAG['implausible-power'], 0]);
  });

  test('gpuCeilingW defaults to 2000 W: 1999 W is used, 2001 W is not', () => {
    const smi: FixtureTrace['smi'] = [[0, 'GPU-a', 1999], [1, 'GPU-a', 1999], [2, 'GPU-a', 2001], [3, 'GPU-a', 1999]];
    const { e, f } = integrate({ gpus: ['GPU-a'], smi }, [1]);
    expect(e('smi', 'GPU-a')).toEqual([1999, 2 * 1999]);
    expect(f('smi', 'GPU-a')).toEqual([0, FLAG['implausible-power']]);
  });

  test('an interval longer than gapLimitS is flagged gap; one of exactly gapLimitS is not', () => {
    const smi: FixtureTrace['smi'] = [[0, 'GPU-a', 10], [1, 'GPU-a', 10], [2.5, 'GPU-a', 10], [3, 'GPU-a', 10]];
    const { e, f } = integrate({ gpus: ['GPU-a'], smi }, [1, 2.5], { ...OPTS, gapLimitS: 1 });
    expect(e('smi', 'GPU-a')).toEqual([10, 15, 5]);
    expect(f('smi', 'GPU-a')).toEqual([0, FLAG.gap, 0]);
  });

  test('a repeated sample at one instant changes nothing; a different value there flags the next interval and keeps the first', () => {
    const a = integrate({ gpus: ['GPU-a'], smi: [[0, 'GPU-a', 100], [1, 'GPU-a', 100], [1, 'GPU-a', 100], [2, 'GPU-a', 100]] }, [1]);
    expect(a.e('smi', 'GPU-a')).toEqual([100, 100]);
    expect(a.f('smi', 'GPU-a')).toEqual([0, 0]);
    expect(a.by('smi', 'GPU-a').samples).toBe(3);
    const b = integrate({ gpus: ['GPU-a'], smi: [[0, 'GPU-a', 100], [1, 'GPU-a', 100], [1, 'GPU-a', 1900], [2, 'GPU-a', 100]] }, [1]);
    expect(b.e('smi', 'GPU-a')).toEqual([100, 100]);
    expect(b.f('smi', 'GPU-a')).toEqual([0, FLAG['duplicate-timestamp']]);
  });
});

describe('counters', () => {
  test('NVML mJ: readings 0, 100 000, 300 000 at 0, 1, 2 s are 100 W then 200 W; boundary 1.5 splits 200 + 100 J', () => {
    const { e, by } = integrate({ gpus: ['GPU-a'], nvml: [[0, 'GPU-a', 0], [1, 'GPU-a', 100_000], [2, 'GPU-a', 300_000]] }, [1.5]);
    expect(e('nvml', 'GPU-a')).toEqual([200, 100]);
    expect([by('nvml', 'GPU-a').component, by('nvml', 'GPU-a').samples]).toEqual(['gpu', 3]);
  });

  test('RAPL uJ: a package zone is cpu, a dram zone is dram; a wrap adds the zone range; an unknown zone is skipped', () => {
    // package range 1000 J: 900 J -> 100 J in 1 s is one wrap, 200 J (ceiling 300 W: c = 600 J, so one wrap
    // is plausible and two, 1200 J, are not). dram 0 -> 20 J over 2 s.
    const rapl = {
      zones: [{ label: 'package-0', kind: 'package' as const, range: 1000e6 }, { label: 'dram-0', kind: 'dram' as const, range: 262_143_328_850 }],
      samples: [[0, 'package-0', 800e6], [0, 'dram-0', 0], [0.5, 'psys', 5], [1, 'package-0', 900e6], [2, 'package-0', 100e6], [2, 'dram-0', 20e6]] as [number, string, number][],
    };
    const { e, f, by, r, dir } = integrate({ rapl }, [1]);
    expect(e('rapl', 'package-0')).toEqual([100, 200]);
    expect(f('rapl', 'package-0')).toEqual([0, 0]);
    expect(e('rapl', 'dram-0')).toEqual([10, 10]);
    expect([by('rapl', 'package-0').component, by('rapl', 'dram-0').component]).toEqual(['cpu', 'dram']);
    expect(r.series.map((s) => s.device)).toEqual(['package-0', 'dram-0']);
    expect(r.skipped).toEqual([{ file: join(dir, 'rapl.csv'), line: 4, message: 'device: "psys" is not a RAPL zone listed in manifest.json', fromS: 0, toS: 1 }]);
  });

  test('RAPL is checked against raplCeilingW, not the GPU ceiling: at 2000 W the same wrap could be two (flagged ambiguous)', () => {
    const rapl = { zones: [{ label: 'package-0', kind: 'package' as const, range: 1000e6 }], samples: [[0, 'package-0', 900e6], [1, 'package-0', 100e6]] as [number, string, number][] };
    expect(integrate({ rapl }, []).f('rapl', 'package-0')).toEqual([0]);
    const hot = integrate({ rapl }, [], { ...OPTS, raplCeilingW: 2000 });
    expect(hot.f('rapl', 'package-0')).toEqual([FLAG['ambiguous-wrap']]);
    expect(hot.e('rapl', 'package-0')).toEqual([200]);
  });
});

describe('devices, skipped lines and sources', () => {
  test('a GPU not in the manifest is skipped and listed; with no GPU list every name is a GPU', () => {
    const smi: FixtureTrace['smi'] = [[0, 'GPU-a', 10], [1, 'GPU-z', 10], [2, 'GPU-a', 10]];
    const listed = integrate({ gpus: ['GPU-a'], smi }, []);
    expect(listed.r.series.map((s) => s.device)).toEqual(['GPU-a']);
    expect(listed.r.skipped).toEqual([{ file: join(listed.dir, 'smi.csv'), line: 3, message: 'device: "GPU-z" is not a GPU listed in manifest.json', fromS: 0, toS: 2 }]);
    const open = integrate({ gpus: [], smi }, []);
    expect(open.r.series.map((s) => s.device)).toEqual(['GPU-a', 'GPU-z']);
    expect(open.r.skipped).toEqual([]);
    const nvml = integrate({ gpus: ['GPU-a'], nvml: [[0, 'GPU-a', 0], [1, 'GPU-z', 0], [2, 'GPU-a', 10]] }, []);
    expect(nvml.r.skipped.map((s) => s.message)).toEqual(['device: "GPU-z" is not a GPU listed in manifest.json']);
  });

  test('a skipped line lies between the good samples around it; before the first it starts at -Infinity, after the last it never ends', () => {
    const dir = writeTrace({ marks: MARKS, gpus: ['GPU-a', 'GPU-b'], smi: [[1, 'GPU-a', 10], [2, 'GPU-a', 10], [1.5, 'GPU-b', 10], [3, 'GPU-a', 10]] });
    const lines = (t: string) => t.split('\n');
    const csv = join(dir, 'smi.csv');
    const l = lines(readFileSync(csv, 'utf8'));
    // header, bad, a@1, a@2, bad, b@1.5, a@3, bad
    writeFileSync(csv, [l[0], 'garbled', l[1], l[2], 'garbled', l[3], l[4], 'garbled', ''].join('\n'));
    const { r } = integrate2(dir, []);
    expect(r.skipped.map((s) => [s.line, s.fromS, s.toS])).toEqual([[2, -Infinity, 1], [5, 2, 2], [8, 3, Infinity]]);
  });

  test('a garbled time is the one sample out of order with both neighbours: ahead of both, behind both, or ahead at the start', () => {
    const smi: FixtureTrace['smi'] = [[0, 'GPU-a', 10], [1, 'GPU-a', 10], [50, 'GPU-a', 10], [2, 'GPU-a', 10], [0.5, 'GPU-a', 10], [3, 'GPU-a', 10]];
    const { r, e, dir } = integrate({ gpus: ['GPU-a'], smi }, [2]);
    const file = join(dir, 'smi.csv');
    expect(r.skipped).toEqual([
      { file, line: 4, message: 'mono_ns: device GPU-a: 50.000000000 s lies outside the samples around it (1.000000000 s and 2.000000000 s): a garbled time', fromS: 1, toS: 2 },
      { file, line: 6, message: 'mono_ns: device GPU-a: 0.500000000 s lies outside the samples around it (1.000000000 s and 2.000000000 s): a garbled time', fromS: 1, toS: 2 },
    ]);
    expect(e('smi', 'GPU-a')).toEqual([20, 10]);
    const first = integrate({ gpus: ['GPU-a'], smi: [[5, 'GPU-a', 10], [1, 'GPU-a', 10], [2, 'GPU-a', 10]] }, []);
    expect(first.r.skipped).toEqual([{ file: join(first.dir, 'smi.csv'), line: 2, message: 'mono_ns: device GPU-a: 5.000000000 s lies outside the samples around it (-Infinity s and 1.000000000 s): a garbled time', fromS: -Infinity, toS: 1 }]);
    expect(first.e('smi', 'GPU-a')).toEqual([10]);
  });

  test('power.draw is a diagnostic only for a GPU whose NVML series has two samples or more', () => {
    const gpus = ['GPU-a', 'GPU-b', 'GPU-c'];
    const nvml: FixtureTrace['nvml'] = [[0, 'GPU-a', 0], [0, 'GPU-c', 0], [1, 'GPU-a', 1000]];
    const smi: FixtureTrace['smi'] = [[0, 'GPU-a', 1], [0, 'GPU-b', 1], [0, 'GPU-c', 1], [1, 'GPU-a', 1], [1, 'GPU-b', 1], [1, 'GPU-c', 1]];
    const { r } = integrate({ gpus, nvml, smi }, []);
    expect(r.series.map((s) => `${s.source}:${s.device}:${s.primary}`)).toEqual(['nvml:GPU-a:true', 'nvml:GPU-c:true', 'smi:GPU-a:false', 'smi:GPU-b:true', 'smi:GPU-c:true']);
    expect([r.records, r.naValues]).toEqual([9, 0]);
  });

  test('a half-written final line is listed in truncatedFiles; a source the manifest calls absent is not read', () => {
    const { r, dir } = integrate({ gpus: ['GPU-a'], smi: [[0, 'GPU-a', 10], [1, 'GPU-a', 10]], truncated: { file: 'smi.csv', text: '3000000000' } }, []);
    expect(r.truncatedFiles).toEqual([join(dir, 'smi.csv')]);
    expect(r.records).toBe(2);
    writeFileSync(join(dir, 'nvml.csv'), 'not a sample file\n');
    expect(integrate2(dir, []).r.series.map((s) => s.source)).toEqual(['smi']);
  });

  test('a present source without its file is an error naming it; its samples as <source>.parquet are read instead of a CSV', () => {
    const { dir, e } = integrate({ gpus: ['GPU-a'], smi: [0, 1, 2, 3, 4].map((t) => [t, 'GPU-a', 100 * t]) }, [1.5, 3]);
    const csv = join(dir, 'smi.csv');
    rmSync(csv);
    expect(() => integrate2(dir, [])).toThrow(`${csv}: missing (nor smi.parquet or smi/device=<name>/), though the manifest says the source is present`);
    writeFileSync(join(dir, 'smi.parquet'), parquetBytes([
      { name: 'mono_ns', type: 'DOUBLE', values: [0, 1, 2, 3, 4].map((t) => ORIGIN_NS + t * 1e9) },
      { name: 'device', type: 'STRING', values: [0, 1, 2, 3, 4].map(() => 'GPU-a') },
      { name: 'power_w', type: 'DOUBLE', values: [0, 100, 200, 300, 400] },
    ]));
    expect(integrate2(dir, [1.5, 3]).e('smi', 'GPU-a')).toEqual(e('smi', 'GPU-a'));
    expect(integrate2(dir, [1.5, 3]).e('smi', 'GPU-a')).toEqual([112.5, 337.5, 350]);
  });

  test('a manifest that lists no GPUs for a present source (no gpus field) takes every device as a GPU', () => {
    const dir = writeTrace({ marks: MARKS, gpus: ['GPU-a'], smi: [[0, 'GPU-a', 10], [1, 'GPU-b', 10], [2, 'GPU-a', 10]], nvml: [[0, 'GPU-b', 0], [1, 'GPU-b', 1000]] });
    const m = JSON.parse(readFileSync(join(dir, 'manifest.json'), 'utf8'));
    delete m.sources.nvml.gpus;
    delete m.sources.nvidia_smi.gpus;
    writeFileSync(join(dir, 'manifest.json'), JSON.stringify(m));
    const { r } = integrate2(dir, []);
    expect(r.series.map((s) => `${s.source}:${s.device}:${s.samples}`)).toEqual(['nvml:GPU-b:2', 'smi:GPU-a:2', 'smi:GPU-b:1']);
    expect(r.skipped).toEqual([]);
  });

  test('a GPU whose uuid equals a RAPL zone label is still a GPU (zones are looked up for RAPL lines only)', () => {
    const rapl = { zones: [{ label: 'package-0', kind: 'package' as const, range: 1000e6 }], samples: [[0, 'package-0', 0], [1, 'package-0', 50e6]] as [number, string, number][] };
    const { by, e } = integrate({ gpus: ['package-0'], rapl, smi: [[0, 'package-0', 10], [1, 'package-0', 10]] }, []);
    expect([by('smi', 'package-0').component, by('rapl', 'package-0').component]).toEqual(['gpu', 'cpu']);
    expect([e('smi', 'package-0'), e('rapl', 'package-0')]).toEqual([[10], [50]]);
  });

  test('a sample repeating the last committed instant after a garbled one: only the garbled one is skipped', () => {
    // 0, 1, 5, 1, 2: 5 is out of order with both neighbours (1 and 1); the second 1 equals the sample before
    // the garbled one, a repeat (same value), not out of order
    const { r, e, dir } = integrate({ gpus: ['GPU-a'], smi: [[0, 'GPU-a', 10], [1, 'GPU-a', 10], [5, 'GPU-a', 10], [1, 'GPU-a', 10], [2, 'GPU-a', 10]] }, []);
    expect(r.skipped.map((s) => [s.file, s.line, s.fromS, s.toS])).toEqual([[join(dir, 'smi.csv'), 4, 1, 1]]);
    expect(e('smi', 'GPU-a')).toEqual([20]);
  });
});
