/**
 * Issue 28, "Imports that do not load": `j2g import ... --rate USD` writes cost_usd and node_hours (and
 * each run's source file and line), so its rows load as runs.csv as they are.
 *
 * Oracle, by hand: the Zeus fixture's windows are 10, 3, 4 and 1 s; at 63.296 USD per node-hour
 * (Appendix G's p5en.48xlarge) 10 s cost 10 / 3600 x 63.296 = 0.175822 USD (0.17582222...), 3 s
 * 0.052747, 4 s 0.070329, 1 s 0.017582; node hours 10 / 3600 = 0.002777778.
 */
import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { j2gInProcess as j2g } from '../helpers/cli.ts';
import { loadDataset } from '../../kernel-lib/data/load.ts';
import { onWarning } from '../../kernel-lib/warn.ts';

const FIX = 'test/import/fixtures';
onWarning(null);
afterEach(() => vi.restoreAllMocks());
const tmp = () => mkdtempSync(join(tmpdir(), 'j2g-price-'));

/** A dataset around an imported runs.csv: three tasks of one occupation, system sysZ, a judgment per run. */
function datasetAround(runsCsv: string): string {
  const dir = tmp();
  const w = (f: string, t: string) => writeFileSync(join(dir, f), t);
  w('manifest.json', JSON.stringify({ name: 'imported', provenance: 'synthetic', energy_boundary: 'device', primary_system: 'sysZ', primary_judge: 'J1', bootstrap: { draws: 10, seed: 1 } }));
  w('sectors.csv', 'sector,gdp_share\nS1,1\n');
  w('occupations.csv', 'occupation,soc_code,category,sector,employment,median_hourly_wage_usd\noccA,11-0001,Cat1,S1,100,50\n');
  w('tasks.csv', 'task_id,occupation,expert_hours,expert_ai_hours\ntask-1,occA,2,\ntask-2,occA,1,\ntask-3,occA,1,\n');
  w('systems.csv', 'system,model,harness,backend,accelerator,accelerator_count,node_rate_usd_per_hour\nsysZ,Model Z,h,b,H200,8,63.296\n');
  w('runs.csv', runsCsv);
  w('judgments.csv', 'run_id,reference,judge,outcome\nr-epoch1,expert_only,J1,win\nr-step1,expert_only,J1,loss\nr-eval,expert_only,J1,tie\nr-save,expert_only,J1,win\n');
  return dir;
}

describe('j2g import --rate', () => {
  it('--rate USD with --map: rows that load as runs.csv, cost and node hours by hand', async () => {
    const out = join(tmp(), 'runs.csv');
    const r = await j2g(['import', 'zeus', '--from', `${FIX}/zeus-overlap.csv`, '--map', `${FIX}/zeus-map.csv`, '--rate', '63.296', '--out', out]);
    expect(r.code).toBe(0);
    const text = readFileSync(out, 'utf8');
    expect(text.split('\n')[0]).toBe('run_id,task_id,system,attempt,source_id,ai_hours,energy_mj,energy_gpu_mj,energy_cpu_mj,energy_dram_mj,validity,cost_usd,node_hours,source_file,source_line');
    const ds = loadDataset(datasetAround(text));
    expect(ds.rows.runs.map((x) => [x.run_id, x.cost_usd, x.node_hours, x.extra.source_file, x.extra.source_line])).toEqual([
      ['r-epoch1', 0.175822, 0.002777778, `${FIX}/zeus-overlap.csv`, '2'],
      ['r-step1', 0.052747, 0.000833333, `${FIX}/zeus-overlap.csv`, '3'],
      ['r-eval', 0.070329, 0.001111111, `${FIX}/zeus-overlap.csv`, '4'],
      ['r-save', 0.017582, 0.000277778, `${FIX}/zeus-overlap.csv`, '5'],
    ]);
  });

  it('without --rate the rows lack cost_usd, and the command says so', async () => {
    const out = join(tmp(), 'runs.csv');
    const r = await j2g(['import', 'zeus', '--from', `${FIX}/zeus-overlap.csv`, '--map', `${FIX}/zeus-map.csv`, '--out', out]);
    expect(r.err).toContain('no --rate: runs.csv needs cost_usd');
  });

  it('by node type: --node-rates FILE --systems FILE; a node type without a rate names the run and its line', async () => {
    const dir = tmp();
    writeFileSync(join(dir, 'rates.csv'), 'accelerator,accelerator_count,usd_per_node_hour\nNVIDIA H200,8,63.296\n');
    writeFileSync(join(dir, 'systems.csv'), 'system,model,harness,backend,accelerator,accelerator_count\nsysZ,Model Z,h,b,H200,8\n');
    const out = join(dir, 'runs.csv');
    expect((await j2g(['import', 'zeus', '--from', `${FIX}/zeus-overlap.csv`, '--map', `${FIX}/zeus-map.csv`, '--node-rates', join(dir, 'rates.csv'), '--systems', join(dir, 'systems.csv'), '--out', out])).code).toBe(0);
    expect(readFileSync(out, 'utf8').split('\n')[1]).toBe(`r-epoch1,task-1,sysZ,1,epoch1,0.002777778,0.003800000,0.003800000,,,overlapping-window,0.175822,0.002777778,${FIX}/zeus-overlap.csv,2`);
    writeFileSync(join(dir, 'systems.csv'), 'system,model,harness,backend,accelerator,accelerator_count\nsysZ,Model Z,h,b,H200,1\n');
    const bad = await j2g(['import', 'zeus', '--from', `${FIX}/zeus-overlap.csv`, '--map', `${FIX}/zeus-map.csv`, '--node-rates', join(dir, 'rates.csv'), '--systems', join(dir, 'systems.csv'), '--out', join(dir, 'no.csv')]);
    expect(bad.code).toBe(1);
    expect(bad.err).toContain(`${FIX}/zeus-overlap.csv:2: run "r-epoch1": no node rate for node type h200x1 of system "sysZ"`);
  });

  it('--rate SYSTEM=USD needs --map; a bad rate is named', async () => {
    const out = join(tmp(), 'runs.csv');
    expect((await j2g(['import', 'zeus', '--from', `${FIX}/zeus-overlap.csv`, '--rate', 'sysZ=10', '--out', out])).err).toContain('give --map');
    expect((await j2g(['import', 'zeus', '--from', `${FIX}/zeus-overlap.csv`, '--rate', '-3', '--out', out])).err).toContain('invalid rate: -3 (expected USD per node-hour, a decimal >= 0)');
    const r = await j2g(['import', 'zeus', '--from', `${FIX}/zeus-overlap.csv`, '--map', `${FIX}/zeus-map.csv`, '--rate', 'sysZ=36', '--out', out]);
    expect(r.code).toBe(0);
    expect(readFileSync(out, 'utf8').split('\n')[1]).toContain(',0.100000,0.002777778,'); // 10 s at 36 USD/h = 0.1 USD
  });
});
