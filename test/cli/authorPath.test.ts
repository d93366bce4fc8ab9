/**
 * Issue 28, "Done when": an author's batch end to end on the stand-ins. A power-log trace (the
 * hand-written fixture format of test/energy/traceFixture.ts: two fake GPUs at a constant 350 W each)
 * with two setups scoped by --batch and overlapping runs of system sysA; a Zeus log of system sysB
 * imported with a map and a rate; judgments by two judges. Then: `j2g energy`, `j2g import`, `j2g
 * assemble`, `j2g validate --complete` naming each deliberately missing piece, the pieces added, `j2g
 * pack`, the packed folder validated (hashes verified), the tables computed from the packed folder's
 * scenario.json, and a changed byte refused naming the file.
 *
 * Oracle, by hand (eq. 2.3 and Appendix G), node power 700 W:
 *   batch A: setup sA [0.5, 1.0] = 350 J over its 2 runs; a1 [1, 3], a2 [2, 4] overlap [2, 3]:
 *     a1 = 700 x 1 + 350 x 1 + 175 = 1225 J, a2 = 350 x 1 + 700 x 1 + 175 = 1225 J
 *   batch B: setup sB [4.0, 4.5] = 350 J over its 2 runs; a3 [4.5, 6], a4 [5, 7] overlap [5, 6]:
 *     a3 = 700 x 0.5 + 350 x 1 + 175 = 875 J, a4 = 350 x 1 + 700 x 1 + 175 = 1225 J
 *   T_alloc: window [0.5, 7] = 6.5 s, busy 5.5 s, T0 = 1 s; tau = 1.5, 1.5, 1.0, 1.5 (sum 5.5);
 *     T_alloc(a3) = 1.0 + 1.0 x 1.0 / 5.5 = 1.181818 s; cost at 63.296 USD/h = 0.020779 USD
 *   Zeus (sysB, 36 USD/h): windows of 2, 4, 3, 1 s cost 0.02, 0.04, 0.03, 0.01 USD.
 */
import { spawn } from 'node:child_process';
import { createHash } from 'node:crypto';
import { mkdirSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, test, vi } from 'vitest';
import { j2gInProcess as j2g } from '../helpers/cli.ts';
import { ROOT } from '../helpers/child.ts';
import { powerSamples, writeTrace, type FixtureMark } from '../energy/traceFixture.ts';
import { loadDataset } from '../../kernel-lib/data/load.ts';
import { onWarning } from '../../kernel-lib/warn.ts';

afterEach(() => vi.restoreAllMocks());
onWarning(null);

/** `node bin/j2g.mjs ARGS` in `cwd` (scenario.json's "dataset": "." is read from the working directory). */
function j2gIn(cwd: string, args: string[]): Promise<{ code: number | null; err: string }> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, [join(ROOT, 'bin/j2g.mjs'), ...args], { cwd, stdio: ['ignore', 'ignore', 'pipe'] });
    let err = '';
    child.stderr.setEncoding('utf8').on('data', (d: string) => (err += d));
    child.on('error', reject);
    child.on('close', (code) => resolve({ code, err }));
  });
}

function authorBatch(): { dir: string; trace: string; zeus: string; map: string } {
  const run = (id: string, task: string, t0: number, t1: number, batch: string): FixtureMark[] => [
    { t: t0, kind: 'run-start', id, task_id: task, system: 'sysA', attempt: '1', batch },
    { t: t1, kind: 'run-end', id, task_id: task, system: 'sysA', attempt: '1', batch },
  ];
  const trace = writeTrace({
    gpus: ['GPU-0', 'GPU-1'],
    smi: [...powerSamples('GPU-0', 0, 7.5, 0.1, () => 350), ...powerSamples('GPU-1', 0, 7.5, 0.1, () => 350)].sort((x, y) => x[0] - y[0]),
    marks: [
      { t: 0.5, kind: 'setup-start', id: 'sA', batch: 'A' }, { t: 1.0, kind: 'setup-end', id: 'sA', batch: 'A' },
      ...run('a1', 't1', 1, 3, 'A'), ...run('a2', 't2', 2, 4, 'A'),
      { t: 4.0, kind: 'setup-start', id: 'sB', batch: 'B' }, { t: 4.5, kind: 'setup-end', id: 'sB', batch: 'B' },
      ...run('a3', 't3', 4.5, 6, 'B'), ...run('a4', 't4', 5, 7, 'B'),
    ].sort((x, y) => x.t - y.t),
  });
  const dir = mkdtempSync(join(tmpdir(), 'j2g-author-'));
  const zeus = join(dir, 'zeus.csv');
  writeFileSync(zeus, 'start_time,window_name,elapsed_time,gpu0_energy\n100,w1,2,1000\n110,w2,4,2000\n120,w3,3,1500\n130,w4,1,500\n');
  const map = join(dir, 'map.csv');
  writeFileSync(map, 'source_id,run_id,task_id,system,attempt\nw1,b1,t1,sysB,1\nw2,b2,t2,sysB,1\nw3,b3,t3,sysB,1\nw4,b4,t4,sysB,1\n');
  const data = join(dir, 'dataset');
  const w = (f: string, t: string) => writeFileSync(join(data, f), t);
  mkdirSync(data);
  w('manifest.json', JSON.stringify({ name: 'author-batch', provenance: 'recorded', energy_boundary: 'device', primary_system: 'sysA', primary_judge: 'J1', bootstrap: { draws: 200, seed: 7 } }, null, 2) + '\n');
  w('sectors.csv', 'sector,gdp_share\nS1,3\nS2,1\n');
  w('occupations.csv', 'occupation,soc_code,category,sector,employment,median_hourly_wage_usd\noccA,11-0001,Cat1,S1,100,50\noccB,11-0002,Cat2,S2,200,30\n');
  // deliberately missing: t4's expert_ai_hours (the other tasks have one)
  w('tasks.csv', 'task_id,occupation,expert_hours,expert_ai_hours\nt1,occA,2,1.5\nt2,occA,1,0.5\nt3,occB,3,2\nt4,occB,1,\n');
  w('systems.csv', 'system,model,harness,backend,accelerator,accelerator_count,node_rate_usd_per_hour\nsysA,Model A,h,vLLM,H200,8,63.296\nsysB,Model B,h,vLLM,H100,1,36\n');
  const judged = ['a1', 'a2', 'a3', 'a4', 'b1', 'b2', 'b3', 'b4'];
  const outcome = (i: number) => (['win', 'loss', 'tie', 'win'] as const)[i % 4];
  // deliberately missing: b3's expert_only judgment by the primary judge J1
  const rows = [
    ...judged.filter((r) => r !== 'b3').map((r, i) => `${r},expert_only,J1,${outcome(i)}`),
    ...judged.slice(0, 4).map((r, i) => `${r},expert_with_ai,J1,${outcome(i + 1)}`),
    ...judged.map((r, i) => `${r},expert_only,J2,${outcome(i + 2)}`),
  ];
  w('judgments.csv', `run_id,reference,judge,outcome\n${rows.join('\n')}\n`);
  return { dir, trace, zeus, map };
}

describe("an author's path: measured batch to released dataset", () => {
  test('energy, import, assemble, validate --complete, pack, validate the release, tables from it, a changed byte refused', async () => {
    const { dir, trace, zeus, map } = authorBatch();
    const data = join(dir, 'dataset');
    // energy: eq. 2.3 with setups scoped by batch, T_alloc and cost at the p5en.48xlarge rate
    const energy = await j2g(['energy', '--trace', trace, '--out', join(dir, 'runs-a.csv'), '--rate', '63.296']);
    expect(energy.code, energy.err).toBe(0);
    const a = loadRuns(join(dir, 'runs-a.csv'));
    expect(a.map((r) => [r.run_id, Number(r.energy_mj) * 1e6])).toEqual([['a1', expect.closeTo(1225, 3)], ['a2', expect.closeTo(1225, 3)], ['a3', expect.closeTo(875, 3)], ['a4', expect.closeTo(1225, 3)]]);
    expect(Number(a[2].node_hours) * 3600).toBeCloseTo(1.181818, 5);
    expect(Number(a[2].cost_usd)).toBeCloseTo(0.020779, 6);
    // import with a map and a rate: rows that load as they are
    const imp = await j2g(['import', 'zeus', '--from', zeus, '--map', map, '--rate', '36', '--out', join(dir, 'runs-b.csv')]);
    expect(imp.code, imp.err).toBe(0);
    expect(loadRuns(join(dir, 'runs-b.csv')).map((r) => r.cost_usd)).toEqual(['0.020000', '0.040000', '0.030000', '0.010000']);
    // assemble runs.csv
    const asm = await j2g(['assemble', '--runs', join(dir, 'runs-a.csv'), '--runs', join(dir, 'runs-b.csv'), '--out', join(data, 'runs.csv')]);
    expect(asm.code, asm.err).toBe(0);
    // valid, but validate --complete names each missing piece at its line
    expect((await j2g(['validate', '--data', data])).code).toBe(0);
    const incomplete = await j2g(['validate', '--data', data, '--complete']);
    expect(incomplete.code).toBe(1);
    expect(incomplete.err).toContain(`${data}: valid, but not complete: 2 missing pieces for the tables (references checked: expert_only, expert_with_ai; judge J1):\n`);
    expect(incomplete.err.split('\n').slice(-2)).toEqual([
      'tasks.csv:5: expert_ai_hours: task "t4": empty while 3 of 4 tasks have one; the expert-with-AI reference needs every task\'s time (all or none)',
      'runs.csv:8: run_id: run "b3" has no expert_only judgment by the primary judge "J1" (judgments.csv)',
    ]);
    // the author adds them
    writeFileSync(join(data, 'tasks.csv'), readFileSync(join(data, 'tasks.csv'), 'utf8').replace('t4,occB,1,\n', 't4,occB,1,0.75\n'));
    writeFileSync(join(data, 'judgments.csv'), `${readFileSync(join(data, 'judgments.csv'), 'utf8')}b3,expert_only,J1,tie\n`);
    const complete = await j2g(['validate', '--data', data, '--complete']);
    expect(complete.code, complete.err).toBe(0);
    expect(complete.out).toContain('energy components (device boundary in manifest.json): sysA gpu (4 runs), sysB gpu (4 runs)');
    // pack, with the trace for provenance
    const rel = join(dir, 'release');
    const pack = await j2g(['pack', '--data', data, '--out', rel, '--license', 'CC-BY-4.0', '--version', '1.0.0', '--author', 'Ada Lovelace', '--trace', trace]);
    expect(pack.code, pack.err).toBe(0);
    const prov = readFileSync(join(rel, 'provenance.csv'), 'utf8').split('\n');
    const hash = (p: string) => createHash('sha256').update(readFileSync(p)).digest('hex');
    expect(prov[1]).toMatch(new RegExp(`^a1,trace,${trace.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')},${hash(join(trace, 'marks.csv'))},marks\\.csv:\\d+-\\d+,1700000001000000000,1700000003000000000$`));
    expect(prov[5]).toBe(`b1,import,${zeus},${hash(zeus)},2,,`);
    const ok = await j2g(['validate', '--data', rel, '--complete']);
    expect(ok.code, ok.err).toBe(0);
    expect(ok.out).toContain(`${rel}/datapackage.json: 10 files, every SHA-256 matches (author-batch 1.0.0)`);
    expect(loadDataset(rel).rows.runs.length).toBe(8);
    // the tables from the release's own scenario.json, run from inside the folder
    const tables = await j2gIn(rel, ['tables', '--scenario', 'scenario.json', '--out', join(dir, 'tables')]);
    expect(tables.code, tables.err).toBe(0);
    expect(readFileSync(join(dir, 'tables', 'table01.csv'), 'utf8').split('\n')[0]).toContain('system');
    // a changed byte is refused, naming the file
    const judgments = join(rel, 'judgments.csv');
    writeFileSync(judgments, readFileSync(judgments, 'utf8').replace('a1,expert_only,J1,win', 'a1,expert_only,J1,tie'));
    const bad = await j2g(['validate', '--data', rel]);
    expect(bad.code).toBe(1);
    expect(bad.err).toMatch(/\njudgments\.csv: changed since it was packed: SHA-256 /);
  }, 120_000);
});

function loadRuns(path: string): Record<string, string>[] {
  const [header, ...lines] = readFileSync(path, 'utf8').trim().split('\n');
  const cols = header.split(',');
  return lines.map((l) => Object.fromEntries(l.split(',').map((v, i) => [cols[i], v])));
}

describe('j2g energy: one summary per runs.csv', () => {
  test('a second trace into the same folder does not overwrite the first one\'s energy-summary.json', async () => {
    const { dir, trace } = authorBatch();
    expect((await j2g(['energy', '--trace', trace, '--out', join(dir, 'runs-a.csv')])).code).toBe(0);
    const first = readFileSync(join(dir, 'energy-summary.json'), 'utf8');
    expect(JSON.parse(first)).toMatchObject({ runs_csv: 'runs-a.csv', boundary_label: 'device:gpu', components: ['gpu'] });
    expect((await j2g(['energy', '--trace', trace, '--out', join(dir, 'runs-a.csv')])).code).toBe(0); // the same runs.csv again: regenerated
    const second = await j2g(['energy', '--trace', trace, '--out', join(dir, 'runs-c.csv')]);
    expect(second.code).toBe(1);
    expect(second.err).toContain(`refusing to overwrite ${join(dir, 'energy-summary.json')}: it is the summary of runs-a.csv, not of runs-c.csv; give --summary FILE`);
    expect(readFileSync(join(dir, 'energy-summary.json'), 'utf8')).toBe(first);
    expect((await j2g(['energy', '--trace', trace, '--out', join(dir, 'runs-c.csv'), '--summary', join(dir, 'runs-c.summary.json')])).code).toBe(0);
  });
});
