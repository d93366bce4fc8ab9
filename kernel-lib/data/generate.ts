/**
 * A seeded generator of synthetic datasets in the recorded-data schema, for benchmarks, property tests
 * and students who want data to play with. It is NOT a reconstruction of the paper (that is
 * scripts/reconstruct.ts): outcomes, times, costs and energies are drawn from simple distributions.
 *
 * Occupations, sectors and employment come from data/reference (the 44 GDPval occupations) when
 * `occupations` <= 44, with synthetic extras beyond that. Per task: expert hours lognormal around 5 h,
 * expert-with-AI hours 0.5-1.0 of that; per run: AI hours 0.1-0.8, cost = AI hours x node rate,
 * energy 0.1-0.9 MJ; judgments win/tie/loss with an occupation-specific success probability.
 * The same options give byte-identical files.
 */
import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { createRng } from '../random/prng.ts';
import { loadReference } from '../reference/load.ts';
import { formatCsv } from '../io/csv.ts';
import { formatNumber } from '../io/format.ts';
import { writeFileAtomic } from '../io/atomic.ts';

export interface GenerateOptions {
  occupations?: number;
  tasksPerOccupation?: number;
  attempts?: number;
  /** system ids; the first is primary */
  systems?: string[];
  judges?: string[];
  seed?: number;
}

export function generateDataset(options: GenerateOptions = {}): Record<string, string> {
  const O = options.occupations ?? 44;
  const T = options.tasksPerOccupation ?? 5;
  const A = options.attempts ?? 4;
  const systems = options.systems ?? ['sys1', 'sys2'];
  const judges = options.judges ?? ['judge1'];
  const rng = createRng(options.seed ?? 1);
  const u = (a: number, b: number) => a + (b - a) * rng.next();
  const normal = () => Math.sqrt(-2 * Math.log(1 - rng.next())) * Math.cos(2 * Math.PI * rng.next());
  const ref = loadReference();
  const occs = Array.from({ length: O }, (_, k) => {
    const r = ref.occupations[k % ref.occupations.length];
    return k < ref.occupations.length
      ? r
      : { ...r, occupation: `${r.occupation} ${Math.floor(k / ref.occupations.length) + 1}`, socCode: `99-${String(k).padStart(4, '0')}` };
  });
  const usedSectors = new Set(occs.map((o) => o.sector));
  const f = formatNumber;
  const files: Record<string, string> = {};
  files['sectors.csv'] = formatCsv(['sector', 'gdp_share'], ref.sectors.filter((s) => usedSectors.has(s.sector)).map((s) => ({ sector: s.sector, gdp_share: f(s.gdpShare) })));
  files['occupations.csv'] = formatCsv(
    ['occupation', 'soc_code', 'category', 'sector', 'employment', 'median_hourly_wage_usd'],
    occs.map((o) => ({ occupation: o.occupation, soc_code: o.socCode, category: o.categoryLabel, sector: o.sector, employment: f(o.employment), median_hourly_wage_usd: f(o.medianHourlyWageUSD) })),
  );
  const tasks: Record<string, string>[] = [];
  const runs: Record<string, string>[] = [];
  const judgments: Record<string, string>[] = [];
  occs.forEach((o, k) => {
    const pWin = u(0.2, 0.9);
    for (let t = 0; t < T; t++) {
      const id = `t${String(k).padStart(3, '0')}-${t}`;
      const H = Math.min(100, Math.max(0.5, Math.exp(Math.log(5) + 0.9 * normal())));
      tasks.push({ task_id: id, occupation: o.occupation, expert_hours: f(Number(H.toFixed(3))), expert_ai_hours: f(Number((H * u(0.5, 1)).toFixed(3))) });
      systems.forEach((s, si) => {
        const attempts = si === 0 ? A : 1;
        for (let a = 1; a <= attempts; a++) {
          const run = `${s}-${id}-a${a}`;
          const L = u(0.1, 0.8);
          runs.push({ run_id: run, task_id: id, system: s, attempt: String(a), ai_hours: f(Number(L.toFixed(4))), cost_usd: f(Number((L * 60).toFixed(4))), energy_mj: f(Number(u(0.1, 0.9).toFixed(4))) });
          for (const ref of ['expert_only', 'expert_with_ai'])
            for (const j of judges) {
              const x = rng.next();
              const p = ref === 'expert_only' ? pWin : pWin / 2;
              judgments.push({ run_id: run, reference: ref, judge: j, outcome: x < p * 0.8 ? 'win' : x < p ? 'tie' : 'loss' });
            }
        }
      });
    }
  });
  files['tasks.csv'] = formatCsv(['task_id', 'occupation', 'expert_hours', 'expert_ai_hours'], tasks);
  files['systems.csv'] = formatCsv(
    ['system', 'model', 'harness', 'backend', 'accelerator', 'accelerator_count', 'node_rate_usd_per_hour'],
    systems.map((s) => ({ system: s, model: `model ${s}`, harness: 'OpenHands', backend: 'vLLM', accelerator: 'H100', accelerator_count: '8', node_rate_usd_per_hour: '60' })),
  );
  files['runs.csv'] = formatCsv(['run_id', 'task_id', 'system', 'attempt', 'ai_hours', 'cost_usd', 'energy_mj'], runs);
  files['judgments.csv'] = formatCsv(['run_id', 'reference', 'judge', 'outcome'], judgments);
  files['manifest.json'] = JSON.stringify({
    name: `generated-${O}x${T}x${A}-seed${options.seed ?? 1}`, provenance: 'synthetic', energy_boundary: 'system',
    primary_system: systems[0], primary_judge: judges[0], bootstrap: { draws: 10000, seed: 20260726 },
    description: 'Generated by kernel-lib/data/generate.ts: random outcomes, not data about any real system.',
  }, null, 2) + '\n';
  return files;
}

/** Write a generated dataset into `dir` (each file written whole). */
export function writeGeneratedDataset(dir: string, options: GenerateOptions = {}): void {
  mkdirSync(dir, { recursive: true });
  for (const [name, text] of Object.entries(generateDataset(options))) writeFileAtomic(join(dir, name), text);
}
