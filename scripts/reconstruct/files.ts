/**
 * The reconstructed dataset as file contents (recorded-data schema, data/README.md), every number
 * written with the project's fixed format (12 significant digits, kernel-lib/io/format.ts).
 */
import type { Published } from '../../kernel-lib/published/index.ts';
import { formatCsv } from '../../kernel-lib/io/csv.ts';
import { formatNumber } from '../../kernel-lib/io/format.ts';
import type { Outcome } from '../../kernel-lib/data/schema.ts';
import type { Generated } from './generate.ts';
import { A, E, H, K, L } from './model.ts';
import { agreementDesign, humanReview, otherJudges, TIE_SHARE } from './judgments.ts';
import { BOOTSTRAP_DRAWS, GLM, JUDGES, SEED } from './spec.ts';

export const DATASET_NAME = 'joules-to-gdp-reconstructed';

const num = formatNumber;

export function datasetFiles(gen: Generated, pub: Published): Record<string, string> {
  const { layout, x, patterns, rng } = gen;
  const N = layout.tasks.length;
  const files: Record<string, string> = {};

  files['occupations.csv'] = formatCsv(
    ['occupation', 'soc_code', 'category', 'sector', 'employment', 'median_hourly_wage_usd'],
    layout.occupations.map((o) => ({ occupation: o.name, soc_code: o.socCode, category: o.category, sector: o.sector, employment: num(o.employment), median_hourly_wage_usd: num(o.wage) })),
  );
  files['sectors.csv'] = formatCsv(['sector', 'gdp_share'], gen.sectors.map((s) => ({ sector: s.sector, gdp_share: num(s.gdpShare) })));
  files['tasks.csv'] = formatCsv(
    ['task_id', 'occupation', 'expert_hours', 'expert_ai_hours'],
    layout.tasks.map((t, i) => ({ task_id: t.id, occupation: layout.occupations[t.occupation].name, expert_hours: num(x[H(layout, i)]), expert_ai_hours: num(x[A(layout, i)]) })),
  );
  files['systems.csv'] = formatCsv(
    ['system', 'model', 'harness', 'backend', 'accelerator', 'accelerator_count', 'node_rate_usd_per_hour'],
    layout.systems.map((s) => ({ system: s.system, model: s.model, harness: s.harness, backend: s.backend, accelerator: s.accelerator, accelerator_count: num(s.acceleratorCount), node_rate_usd_per_hour: num(s.nodeRate) })),
  );

  const runId = (s: number, r: number, i: number) => `${layout.systems[s].system}/${layout.tasks[i].id}/${r + 1}`;
  const runs: Record<string, string>[] = [];
  layout.systems.forEach((spec, s) => {
    for (let r = 0; r < spec.attempts; r++) for (let i = 0; i < N; i++) {
      const k = x[K(layout, s, r, i)];
      runs.push({
        run_id: runId(s, r, i), task_id: layout.tasks[i].id, system: spec.system, attempt: num(r + 1),
        ai_hours: num(x[L(layout, s, r, i)]),
        cost_usd: num(spec.nodeRate === null ? k : k * spec.nodeRate),
        energy_mj: num(x[E(layout, s, r, i)]),
        node_hours: spec.nodeRate === null ? '' : num(k),
      });
    }
  });
  files['runs.csv'] = formatCsv(['run_id', 'task_id', 'system', 'attempt', 'ai_hours', 'cost_usd', 'energy_mj', 'node_hours'], runs);

  // Main judge: every run of every system against the expert-only reference, and the primary system's
  // runs against the expert-with-AI reference. A win or tie is a tie with probability TIE_SHARE.
  const g = layout.systems.findIndex((s) => s.system === GLM);
  const outcome = (y: number): Outcome => (y ? (rng.next() < TIE_SHARE ? 'tie' : 'win') : 'loss');
  const main = new Map<string, Outcome>();
  const rows: { run_id: string; reference: string; judge: string; outcome: Outcome }[] = [];
  layout.systems.forEach((spec, s) => {
    for (let r = 0; r < spec.attempts; r++) for (let i = 0; i < N; i++) {
      const eo = outcome(patterns.eo[s][r][i]);
      main.set(`${runId(s, r, i)}|expert_only`, eo);
      rows.push({ run_id: runId(s, r, i), reference: 'expert_only', judge: JUDGES.main, outcome: eo });
      if (s === g) {
        const ewa = outcome(patterns.ewa[r][i]);
        main.set(`${runId(s, r, i)}|expert_with_ai`, ewa);
        rows.push({ run_id: runId(s, r, i), reference: 'expert_with_ai', judge: JUDGES.main, outcome: ewa });
      }
    }
  });
  // Claude Haiku 4.5 and GPT-5 mini on the primary system's four attempts, both references, each
  // reference on its own meeting Table 2's counts (so any pooling of the two gives the same rates).
  const attempts = layout.systems[g].attempts;
  for (const reference of ['expert_only', 'expert_with_ai'] as const) {
    const ids: string[] = [];
    for (let r = 0; r < attempts; r++) for (let i = 0; i < N; i++) ids.push(runId(g, r, i));
    const gem = ids.map((id) => main.get(`${id}|${reference}`)!);
    const { haiku, gpt } = otherJudges(rng, gem, agreementDesign(pub, ids.length));
    ids.forEach((id, q) => {
      rows.push({ run_id: id, reference, judge: JUDGES.haiku, outcome: haiku[q] });
      rows.push({ run_id: id, reference, judge: JUDGES.gpt, outcome: gpt[q] });
    });
  }
  // Human review: 32 attempt-1 comparisons against the expert-only reference, 23 agreeing with the
  // main judge's win-or-tie decision; a disagreement flips the decision.
  const { picks, agree } = humanReview(rng, pub, N);
  for (const i of picks) {
    const gem = main.get(`${runId(g, 0, i)}|expert_only`)!;
    const human: Outcome = agree.has(i) ? gem : gem === 'loss' ? 'win' : 'loss';
    rows.push({ run_id: runId(g, 0, i), reference: 'expert_only', judge: JUDGES.human, outcome: human });
  }
  files['judgments.csv'] = formatCsv(['run_id', 'reference', 'judge', 'outcome'], rows);

  files['manifest.json'] = JSON.stringify({
    name: DATASET_NAME,
    provenance: 'reconstructed',
    energy_boundary: 'system',
    primary_system: GLM,
    primary_judge: JUDGES.main,
    bootstrap: { draws: BOOTSTRAP_DRAWS, seed: SEED },
    description: 'Task-level records reconstructed by scripts/reconstruct.ts so that the project\'s table code reproduces the numbers published in Joules-to-GDP (arXiv 2610.30858); not measurements. See README.md here for every target and every free quantity.',
  }, null, 2) + '\n';
  return files;
}
