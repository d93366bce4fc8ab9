/**
 * Issue #28, the energy boundary decided by the QAIJ seed's profiles ("Energy boundary"): device
 * operational excludes host and memory, so a GPU-only trace is `device` and a GPU+CPU+DRAM trace (the
 * paper's "metered GPU, CPU, and DRAM") is `system` as far as it was metered. The two traces get
 * different boundaries and labels in j2g energy's summary; a dataset whose runs metered another profile
 * than its manifest says is warned of by validate.
 */
import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { boundaryOf } from '../../kernel-lib/energy/boundary.ts';
import { loadDataset } from '../../kernel-lib/data/load.ts';
import { boundaryMismatches } from '../../kernel-lib/release/completeness.ts';
import { onWarning } from '../../kernel-lib/warn.ts';
import { j2gInProcess } from '../helpers/cli.ts';
import { editedDataset } from '../helpers/dataset.ts';
import { counterSamples, powerSamples, writeTrace } from './traceFixture.ts';

onWarning(null);
afterEach(() => vi.restoreAllMocks());

const marks = [{ t: 1, kind: 'run-start', id: 'r' }, { t: 9, kind: 'run-end', id: 'r' }];
const gpuOnly = () => writeTrace({ gpus: ['GPU-a'], smi: powerSamples('GPU-a', 0, 10, 0.1, () => 300), marks });
const gpuCpuDram = () => writeTrace({
  gpus: ['GPU-a'],
  smi: powerSamples('GPU-a', 0, 10, 0.1, () => 300),
  rapl: {
    zones: [{ label: 'package-0', kind: 'package', range: 2 ** 40 }, { label: 'dram-0', kind: 'dram', range: 2 ** 40 }],
    samples: [...counterSamples('package-0', 0, 10, 0.1, () => 100, 1e6), ...counterSamples('dram-0', 0, 10, 0.1, () => 20, 1e6)],
  },
  marks,
});

describe('energy boundary by the QAIJ profiles (#28)', () => {
  it('GPU only is the device profile; with the host\'s CPU or DRAM it is the system profile (the seed: device excludes host and memory)', () => {
    expect(boundaryOf(['gpu'])).toEqual({ profile: 'device', label: 'device:gpu' });
    expect(boundaryOf(['gpu', 'cpu', 'dram'])).toEqual({ profile: 'system', label: 'system:gpu+cpu+dram' });
    expect(boundaryOf(['gpu', 'cpu'])).toEqual({ profile: 'system', label: 'system:gpu+cpu' });
    expect(boundaryOf(['cpu'])).toEqual({ profile: 'system', label: 'system:cpu' });
    // DRAM alone is host memory too, which the device profile excludes (#29: only 'cpu' was ever tested)
    expect(boundaryOf(['gpu', 'dram'])).toEqual({ profile: 'system', label: 'system:gpu+dram' });
    expect(boundaryOf([])).toEqual({ profile: 'device', label: 'device:none' });
  });

  it('j2g energy labels a GPU-only trace and a GPU+CPU+DRAM trace differently', async () => {
    const summaries = [];
    for (const trace of [gpuOnly(), gpuCpuDram()]) {
      const out = join(mkdtempSync(join(tmpdir(), 'j2g-boundary-')), 'runs.csv');
      const r = await j2gInProcess(['energy', '--trace', trace, '--out', out]);
      expect(r.code, r.err).toBe(0);
      summaries.push({ ...JSON.parse(readFileSync(join(out, '..', 'energy-summary.json'), 'utf8')), said: r.err.split('\n').find((l) => l.includes('energy_mj covers')) });
    }
    const [a, b] = summaries;
    expect([a.energy_boundary, a.boundary_label, a.components]).toEqual(['device', 'device:gpu', ['gpu']]);
    expect([b.energy_boundary, b.boundary_label, b.components]).toEqual(['system', 'system:gpu+cpu+dram', ['gpu', 'cpu', 'dram']]);
    expect(a.said).toContain('energy_mj covers device:gpu (energy_boundary "device" in manifest.json');
    expect(b.said).toContain('energy_mj covers system:gpu+cpu+dram (energy_boundary "system" in manifest.json');
  });

  it('validate warns when the runs metered another profile than the manifest says, and not when they agree', () => {
    const withComponents = (boundary: string) => editedDataset({
      'manifest.json': (t) => t.replace('"energy_boundary": "system"', `"energy_boundary": "${boundary}"`),
      'runs.csv': (t) => t.trimEnd().split('\n').map((l, i) => `${l},${i === 0 ? 'energy_gpu_mj,energy_cpu_mj,energy_dram_mj' : '0.1,0.05,0.01'}`).join('\n') + '\n',
    });
    expect(boundaryMismatches(loadDataset(withComponents('system')))).toEqual([]);
    expect(boundaryMismatches(loadDataset(withComponents('device')))).toEqual([
      'manifest.json says energy_boundary "device", but 12 run(s) of system sysX metered gpu+cpu+dram: the system profile (the device profile excludes the host\'s CPU and memory); results of different boundaries are not comparable',
      'manifest.json says energy_boundary "device", but 6 run(s) of system sysY metered gpu+cpu+dram: the system profile (the device profile excludes the host\'s CPU and memory); results of different boundaries are not comparable',
    ]);
    expect(boundaryMismatches(loadDataset(withComponents('facility')))).toEqual([]);
  });
});
