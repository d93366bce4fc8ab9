/**
 * Property (issue 27): the runs index that taskComponents reads (runGroups in taskComponents.ts:
 * integer groups of (system, task), positions sorted by attempt) equals a plain re-reading of
 * runs.csv, the oracle here: for every system and task, the rows of that pair in file order, sorted by
 * attempt. Generated datasets: synthetic-small's tasks plus a task `A1|q`, its systems plus systems `q|sysX`
 * and `s` (ids that a joined `task|system` key would confuse), any subset of pairs run, attempts 1..n
 * (n from 1 to 4, the schema's rule) per pair, every row shuffled. Checked for every system: the
 * lists of runsByTaskAndSystem (the same run objects, in attempt order), and runOutcomes' tasks
 * (tasks.csv order, those the system ran), runAt and positions (positions[runAt[i] + r] is the
 * position in ds.rows.runs of task i's run r), and systemOccupationCounts (the tasks of each occupation
 * the system ran, in taskComponents' occupation order).
 *
 * Equivalent mutants of runGroups (no output can tell them apart; measured by the narrowed run in
 * docs/mutation.md): the cache (`if (groups) return groups` made false: rebuilt, the same groups); the
 * system switch test made `true` or `r.system !== lastSystem || bySystem` (the Map looked up again: the
 * same Map); `sizes` starting with a stray entry (an extra empty group 0, numbered past); the loops'
 * `g <= G` and `i <= N` (a write past a typed array's end is dropped); `new Array()` for `new Array(G)`
 * and `new Array(b - a)` (arrays grow); `sorted` started false, the comparison made false, or the sort
 * made unconditional (a group sorted that was in order: the same order, a stable sort); `<` for `<=`
 * in the comparison (equal attempts are refused by the loader: (task, system, attempt) is unique).
 */
import { describe, expect, test } from 'vitest';
import fc from 'fast-check';
import { datasetFromTexts } from '../../kernel-lib/data/load.ts';
import { runOutcomes, runsByTaskAndSystem, systemOccupationCounts, taskComponents } from '../../kernel-lib/metrics/taskComponents.ts';
import { SMALL_TEXTS } from './edgeDataset.ts';

const TASKS = ['A1', 'A2', 'B1', 'B2', 'C1', 'C2', 'A1|q'];
const SYSTEMS = ['sysX', 'sysY', 'q|sysX', 's'];

interface Row { run_id: string; task: string; system: string; attempt: number }

/** One generated dataset: the chosen (task, system, attempts) rows, shuffled by `shuffle`. */
const DATASET = fc.record({
  pairs: fc.array(fc.record({
    task: fc.constantFrom(...TASKS),
    system: fc.constantFrom(...SYSTEMS),
    attempts: fc.integer({ min: 1, max: 4 }),
  }), { minLength: 1, maxLength: 20 }),
  shuffle: fc.integer({ min: 0, max: 2 ** 31 - 1 }),
});

function rowsOf({ pairs, shuffle }: { pairs: { task: string; system: string; attempts: number }[]; shuffle: number }): Row[] {
  const seen = new Set<string>();
  const rows: Row[] = [];
  for (const { task, system, attempts } of pairs) {
    const key = JSON.stringify([task, system]);
    if (seen.has(key)) continue; // one set of attempts per pair: (task, system, attempt) is unique
    seen.add(key);
    for (let attempt = 1; attempt <= attempts; attempt++) rows.push({ run_id: `r${rows.length}`, task, system, attempt });
  }
  let s = shuffle >>> 0;
  for (let i = rows.length - 1; i > 0; i--) {
    s = (Math.imul(s, 1664525) + 1013904223) >>> 0;
    const j = s % (i + 1);
    [rows[i], rows[j]] = [rows[j], rows[i]];
  }
  return rows;
}

function datasetOf(rows: Row[]) {
  const systems = SMALL_TEXTS['systems.csv'].trimEnd() + '\nq|sysX,Model Q,OpenHands,vLLM,H100,1,20\ns,Model S,OpenHands,vLLM,H100,1,20\n';
  const tasks = SMALL_TEXTS['tasks.csv'].trimEnd() + '\nA1|q,occA,2,1.5\n';
  const runs = 'run_id,task_id,system,attempt,ai_hours,cost_usd,energy_mj\n' + rows.map((r, i) => `${r.run_id},${r.task},${r.system},${r.attempt},${i + 1},${2 * i + 1},${0.5 * i + 0.25}\n`).join('');
  // primary_system sysX and primary_judge J1 (synthetic-small's manifest) must exist: every run judged by J1
  const judgments = 'run_id,reference,judge,outcome\n' + rows.map((r) => `${r.run_id},expert_only,J1,win\n`).join('');
  const withX = rows.some((r) => r.system === 'sysX') ? '' : 'rX,A1,sysX,1,1,1,1\n';
  return datasetFromTexts('generated', {
    ...SMALL_TEXTS, 'systems.csv': systems, 'tasks.csv': tasks, 'runs.csv': runs + withX,
    'judgments.csv': judgments + (withX ? 'rX,expert_only,J1,win\n' : ''),
  });
}

describe('runGroups: the runs index equals a plain re-reading of runs.csv', () => {
  test('for every system: each task\'s runs in attempt order, runOutcomes\' tasks, runAt and positions', () => {
    fc.assert(fc.property(DATASET, (gen) => {
      const ds = datasetOf(rowsOf(gen));
      const runs = ds.rows.runs;
      const index = runsByTaskAndSystem(ds);
      expect([...index.keys()].sort()).toEqual([...new Set(runs.map((r) => r.system))].sort());
      for (const system of SYSTEMS) {
        // the oracle: rows of the pair in file order, sorted by attempt
        const byHand = new Map<string, number[]>();
        runs.forEach((r, i) => { if (r.system === system) byHand.set(r.task_id, [...(byHand.get(r.task_id) ?? []), i]); });
        for (const list of byHand.values()) list.sort((a, b) => runs[a].attempt - runs[b].attempt);
        const lists = index.get(system);
        expect(lists?.size ?? 0).toBe(byHand.size);
        for (const [task, positions] of byHand) {
          const list = lists!.get(task)!;
          expect(list.length).toBe(positions.length);
          positions.forEach((p, r) => expect(list[r]).toBe(runs[p]));
        }
        if (byHand.size === 0) continue;
        const o = runOutcomes(ds, system, 'expert_only', 'J1');
        const ran = ds.rows.tasks.filter((t) => byHand.has(t.task_id));
        expect(o.tasks.map((t) => t.task_id)).toEqual(ran.map((t) => t.task_id));
        ran.forEach((t, i) => {
          const positions = byHand.get(t.task_id)!;
          expect(o.runAt[i + 1] - o.runAt[i]).toBe(positions.length);
          positions.forEach((p, r) => expect(o.positions[o.runAt[i] + r]).toBe(p));
        });
        // and the per-run numbers taskComponents sums: task i's cost is its first attempt's (pass@1)
        const c = taskComponents({ dataset: ds, system, judge: 'J1' });
        ran.forEach((t, i) => expect(c.costUSD[i]).toBe(runs[byHand.get(t.task_id)![0]].cost_usd));
        // the tasks of each occupation it ran, in occupations.csv order (those with none left out)
        const occupations = ds.rows.occupations.map((o) => o.occupation).filter((o) => ran.some((t) => t.occupation === o));
        expect(Array.from(systemOccupationCounts(ds, system))).toEqual(occupations.map((o) => ran.filter((t) => t.occupation === o).length));
      }
    }), { numRuns: 150, seed: 27 });
  });
});
