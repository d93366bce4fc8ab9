/**
 * A seeded generator of synthetic datasets in the recorded-data schema (data/README.md), for benchmarks,
 * property tests and students who want data to play with, with the paper's shape:
 * 44 occupations in 13 categories and 9 sectors, `tasksPerOccupation` tasks each (default 5, so 220
 * tasks), a primary system `sysA` with 4 attempts per task, a second system `sysB` with 1, judgments
 * against both references by the primary judge `gemini`, expert-only judgments of sysA by `haiku` and
 * `gpt5mini`, and a `human` review of 32 runs. Not data about any real system: numbers are drawn from
 * simple distributions (kernel-lib/random/prng.ts), so the same seed writes the same bytes. It is NOT a
 * reconstruction of the paper (that is scripts/reconstruct.ts).
 * @example writeGeneratedDataset('/tmp/ds', { seed: 1 }) // => '/tmp/ds' (220 tasks)
 */
import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { createRng } from '../random/prng.ts';
import { writeFileAtomic } from '../io/atomic.ts';

export interface GeneratedOptions {
  seed?: number;
  tasksPerOccupation?: number;
  occupations?: number;
  categories?: number;
  sectors?: number;
  attempts?: number;
  /**
   * A leaderboard of this many systems (`sysA`, `sysB`, `sys003`, ...), each with `attempts` attempts
   * per task and every run judged 4 times (the primary judge against both references, haiku and
   * gpt5mini against the expert), no human review. Left out: the paper's two systems described above.
   * 1,320 tasks x 38 systems x 4 attempts is the 200,640-run scale bench (scripts/bench/scale.ts).
   */
  systems?: number;
}

const f = (x: number) => String(Number(x.toPrecision(6)));

/** The files of a generated dataset, by name. */
export function generateDataset(options: GeneratedOptions = {}): Record<string, string> {
  const { seed = 1, tasksPerOccupation = 5, occupations: O = 44, categories: C = 13, sectors: S = 9, attempts = 4, systems: N } = options;
  // [system, attempts, node rate USD/h, energy factor, judged by every judge]
  const lineup: (readonly [string, number, number, number, boolean])[] = N === undefined
    ? [['sysA', attempts, 63.296, 1, true], ['sysB', 1, 55.04, 0.6, false]]
    : Array.from({ length: N }, (_, i) => [i === 0 ? 'sysA' : i === 1 ? 'sysB' : `sys${String(i + 1).padStart(3, '0')}`, attempts, i % 2 ? 55.04 : 63.296, 0.5 + (i % 7) / 10, true] as const);
  const rng = createRng(seed);
  const u = () => rng.next();
  const logNormal = (median: number, sigma: number) => {
    // Box-Muller from two uniforms (1 - u keeps the log finite)
    const z = Math.sqrt(-2 * Math.log(1 - u())) * Math.cos(2 * Math.PI * u());
    return median * Math.exp(sigma * z);
  };
  const files: Record<string, string> = {};
  const sectors = Array.from({ length: S }, (_, s) => `S${s + 1},${f(1 + 9 * u())}`);
  const occ: { name: string; wage: number; skill: number }[] = [];
  const occLines = Array.from({ length: O }, (_, o) => {
    const name = `occ${String(o + 1).padStart(2, '0')}`;
    const wage = 20 + 60 * u();
    occ.push({ name, wage, skill: 0.25 + 0.6 * u() });
    return `${name},${10 + Math.floor(o / 10)}-${String(1000 + o)},Cat${String((o % C) + 1).padStart(2, '0')},S${(o % S) + 1},${Math.round(1000 + 99000 * u())},${f(wage)}`;
  });
  const tasks: string[] = [], runs: string[] = [], judgments: string[] = [];
  const outcome = (p: number) => { const x = u(); return x < p * 0.8 ? 'win' : x < p ? 'tie' : 'loss'; };
  let humanLeft = 32;
  for (let o = 0; o < O; o++) {
    for (let k = 0; k < tasksPerOccupation; k++) {
      const id = `t${String(o * tasksPerOccupation + k + 1).padStart(4, '0')}`;
      const H = logNormal(6, 0.8);
      const Hai = H * (0.6 + 0.35 * u());
      tasks.push(`${id},${occ[o].name},${f(H)},${f(Hai)}`);
      const p = Math.min(0.95, Math.max(0.05, occ[o].skill + 0.3 * (u() - 0.5)));
      const energyScale = logNormal(0.4, 0.4);
      for (const [system, n, rate, energyFactor, allJudges] of lineup) {
        for (let a = 1; a <= n; a++) {
          const run = `${system}-${id}-${a}`;
          const L = logNormal(0.4, 0.5);
          runs.push(`${run},${id},${system},${a},${f(L)},${f(L * rate * (0.05 + 0.02 * u()))},${f(energyScale * (0.8 + 0.4 * u()) * energyFactor)}`);
          const eo = outcome(p);
          judgments.push(`${run},expert_only,gemini,${eo}`, `${run},expert_with_ai,gemini,${outcome(p * 0.55)}`);
          if (allJudges) {
            const other = (q: number) => (u() < q ? eo : outcome(p));
            judgments.push(`${run},expert_only,haiku,${other(0.6)}`, `${run},expert_only,gpt5mini,${other(0.55)}`);
            if (N === undefined && a === 1 && humanLeft > 0 && u() < 0.2) { humanLeft--; judgments.push(`${run},expert_only,human,${other(0.5)}`); }
          }
        }
      }
    }
  }
  const write = (file: string, header: string, lines: string[]) => (files[file] = [header, ...lines, ''].join('\n'));
  write('sectors.csv', 'sector,gdp_share', sectors);
  write('occupations.csv', 'occupation,soc_code,category,sector,employment,median_hourly_wage_usd', occLines);
  write('tasks.csv', 'task_id,occupation,expert_hours,expert_ai_hours', tasks);
  write('systems.csv', 'system,model,harness,backend,accelerator,accelerator_count,node_rate_usd_per_hour',
    lineup.map(([system, , rate], i) => `${system},Model ${i < 2 ? 'AB'[i] : i + 1},OpenHands,vLLM,${rate === 55.04 ? 'H100' : 'H200'},8,${rate}`));
  write('runs.csv', 'run_id,task_id,system,attempt,ai_hours,cost_usd,energy_mj', runs);
  write('judgments.csv', 'run_id,reference,judge,outcome', judgments);
  files['manifest.json'] = JSON.stringify({
    name: `generated-${O * tasksPerOccupation}`, provenance: 'synthetic', energy_boundary: 'system',
    primary_system: 'sysA', primary_judge: 'gemini', bootstrap: { draws: 10000, seed: 20260726 },
    description: `Generated by kernel-lib/data/generate.ts with seed ${seed}; not data about any real system.`,
  }, null, 2) + '\n';
  return files;
}

/** Write a generated dataset into `dir`, each file whole; returns `dir`. */
export function writeGeneratedDataset(dir: string, options: GeneratedOptions = {}): string {
  mkdirSync(dir, { recursive: true });
  for (const [name, text] of Object.entries(generateDataset(options))) writeFileAtomic(join(dir, name), text);
  return dir;
}
