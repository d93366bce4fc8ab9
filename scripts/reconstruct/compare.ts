/**
 * The reconstructed dataset against the paper: every table rebuilt from the written files by the
 * project's own table code (the same builders as `j2g tables`), compared with data/published/, plus
 * the qualitative claims of the text that the generator had to respect. Used by `npm run reconstruct`
 * (for the dataset README) and by test/reconstruct/ (which fails on any miss).
 */
import type { ColumnTable } from 'arquero';
import type { Dataset } from '../../kernel-lib/data/load.ts';
import type { Published } from '../../kernel-lib/published/index.ts';
import { loadReference } from '../../kernel-lib/reference/index.ts';
import { buildTables } from '../../kernel-lib/cli/commands/tables.ts';
import { table05, systemSummaries, type TableOptions } from '../../kernel-lib/tables/index.ts';
import { resolveBootstrap } from '../../kernel-lib/uncertainty/settings.ts';
import { compareWithPublished, reproducedCells, textClaimCells, type ComparisonRow } from '../../kernel-lib/compare/index.ts';
import { hoursAt } from '../../kernel-lib/metrics/taskComponents.ts';
import { assistanceShareClaim } from '../../kernel-lib/report/figureClaims.ts';
import { decompositionRows } from '../../kernel-lib/plots/rows.ts';
import {
  GEMMA, GLM, JUDGES, OSS120, OSS20, QWEN8, QWEN_B200, QWEN_H100, QWEN_H200, QWEN_MI350X, RATE_COREWEAVE_USD_PER_HOUR, RATE_GCP_USD_PER_HOUR,
  RATE_P5EN_USD_PER_HOUR, SYSTEMS,
} from './spec.ts';

export interface QualitativeCheck {
  claim: string;
  source: string;
  holds: boolean;
  detail: string;
}

export interface ReconstructionComparison {
  rows: ComparisonRow[];
  qualitative: QualitativeCheck[];
  tables: Record<string, ColumnTable>;
  skipped: Record<string, string>;
}

export function compareReconstruction(dataset: Dataset, pub: Published): ReconstructionComparison {
  const options: TableOptions = { dataset, bootstrap: resolveBootstrap(undefined, dataset.manifest.bootstrap) };
  const { tables, skipped } = buildTables(options);
  tables.table05 = table05({ ...options, rates: [
    { label: 'CoreWeave', usdPerNodeHour: RATE_COREWEAVE_USD_PER_HOUR },
    { label: 'AWS', usdPerNodeHour: RATE_P5EN_USD_PER_HOUR },
    { label: 'GCP', usdPerNodeHour: RATE_GCP_USD_PER_HOUR },
  ] });
  const ref = loadReference();
  const labels = {
    category: new Map(ref.occupations.map((o) => [o.category, o.categoryLabel])),
    system: new Map(SYSTEMS.filter((s) => s.table1Row).map((s) => [s.system, s.table1Row!])),
    judge: new Map([[JUDGES.main, 'Gemini'], [JUDGES.haiku, 'Haiku'], [JUDGES.gpt, 'GPT-5 mini']]),
  };
  const summaries = systemSummaries(options);
  const cells = [
    ...reproducedCells(tables, labels),
    ...textClaimCells(summaries, { primary: GLM, gemma: GEMMA, oss120: OSS120, qwenEight: QWEN8, qwenOne: QWEN_H100 }, tables.table02, { main: JUDGES.main, human: JUDGES.human }, tables.table18),
  ];
  const rows = compareWithPublished(cells, pub, { byConstruction: () => dataset.manifest.provenance === 'reconstructed' });
  return { rows, qualitative: qualitativeChecks(dataset, summaries), tables, skipped };
}

/** Claims of the text with no number to compare, each checked on the dataset. */
function qualitativeChecks(dataset: Dataset, summaries: ReturnType<typeof systemSummaries>): QualitativeCheck[] {
  const by = new Map(summaries.map((s) => [s.system, s]));
  const s = (id: string) => by.get(id)!;
  const out: QualitativeCheck[] = [];
  const check = (claim: string, source: string, holds: boolean, detail: string) => out.push({ claim, source, holds, detail });
  const f = (x: number, d = 1) => x.toFixed(d);
  const singles = [QWEN_B200, QWEN_H200, QWEN_H100, QWEN_MI350X];
  const others = singles.slice(1);
  check('B200 leads NVJ among the four single-accelerator deployments', '1, 3.3',
    others.every((id) => s(QWEN_B200).nvj > s(id).nvj), singles.map((id) => `${id} ${f(s(id).nvj)}`).join(', '));
  check('B200 leads TSJ among the four single-accelerator deployments', '1, 3.3',
    others.every((id) => s(QWEN_B200).tsj > s(id).tsj), singles.map((id) => `${id} ${f(s(id).tsj, 2)}`).join(', '));
  const nv = (id: string) => s(id).valueUSD - s(id).costUSD;
  check('One and eight H100s: nearly the same net value (within 2%)', '1, 3.3',
    Math.abs(nv(QWEN_H100) / nv(QWEN8) - 1) <= 0.02, `net value per task ${f(nv(QWEN8), 2)} (eight) vs ${f(nv(QWEN_H100), 2)} (one)`);
  check('Eight H100s: more net value per AI hour; one H100: higher NVJ and TSJ', '3.3',
    s(QWEN8).nvPerAIHour! > s(QWEN_H100).nvPerAIHour! && s(QWEN_H100).nvj > s(QWEN8).nvj && s(QWEN_H100).tsj > s(QWEN8).tsj,
    `per AI hour ${f(s(QWEN8).nvPerAIHour!)} vs ${f(s(QWEN_H100).nvPerAIHour!)}; NVJ ${f(s(QWEN8).nvj)} vs ${f(s(QWEN_H100).nvj)}; TSJ ${f(s(QWEN8).tsj, 2)} vs ${f(s(QWEN_H100).tsj, 2)}`);
  const five = [GLM, QWEN8, GEMMA, OSS120, OSS20];
  check('Gemma 4 31B has the highest TSJ of the five models', '3.2',
    five.filter((id) => id !== GEMMA).every((id) => s(GEMMA).tsj > s(id).tsj), five.map((id) => `${id} ${f(s(id).tsj, 2)}`).join(', '));
  check('Gemma 4 31B saves about two-thirds as much expert time as GLM 5.2 (0.60-0.72)', '1',
    Math.abs(s(GEMMA).timeSavingHours / s(GLM).timeSavingHours - 2 / 3) <= 0.06, `ratio ${f(s(GEMMA).timeSavingHours / s(GLM).timeSavingHours, 3)}`);
  const byValue = [...five].sort((a, b) => s(b).valueUSD - s(a).valueUSD);
  check('Qwen3.6-27B: second-highest output value of the five models', '3.2', byValue[1] === QWEN8, byValue.map((id) => `${id} ${f(s(id).valueUSD, 2)}`).join(', '));
  check('Qwen3.6-27B uses the most energy of the five models', '3.2',
    five.every((id) => id === QWEN8 || s(QWEN8).energyMJ > s(id).energyMJ), five.map((id) => `${id} ${f(s(id).energyMJ, 3)}`).join(', '));
  // Figure 5: unweighted totals over the evaluated tasks, attempt 1, expert-only reference.
  const totals = unweightedTotals(dataset, five);
  const frontier = (key: 'valueUSD' | 'timeSavingHours') => five.filter((a) => !five.some((b) => b !== a &&
    totals.get(b)!.energyMJ <= totals.get(a)!.energyMJ && totals.get(b)![key] >= totals.get(a)![key] &&
    (totals.get(b)!.energyMJ < totals.get(a)!.energyMJ || totals.get(b)![key] > totals.get(a)![key])));
  const fv = frontier('valueUSD'), ft = frontier('timeSavingHours');
  const lowest = five.reduce((a, b) => (totals.get(a)!.energyMJ < totals.get(b)!.energyMJ ? a : b));
  const bestValue = five.reduce((a, b) => (totals.get(a)!.valueUSD > totals.get(b)!.valueUSD ? a : b));
  const bestTime = five.reduce((a, b) => (totals.get(a)!.timeSavingHours > totals.get(b)!.timeSavingHours ? a : b));
  check('Figure 5: Gemma 4 31B anchors the low-energy end and GLM 5.2 the high-benefit end of both unweighted frontiers', '3.2',
    lowest === GEMMA && bestValue === GLM && bestTime === GLM && fv.includes(GEMMA) && ft.includes(GEMMA),
    `dollar frontier: ${fv.join(', ')}; time frontier: ${ft.join(', ')}`);
  check('Figure 5: GPT-OSS 120B lies between them on the dollar-value frontier', '3.2', fv.includes(OSS120), `dollar frontier: ${fv.join(', ')}`);
  // Figure 11's caption (issue #24), as the report checks it (kernel-lib/report/figureClaims.ts)
  const fig11 = assistanceShareClaim(decompositionRows({ dataset, bootstrap: false }));
  check('Figure 11: at stricter thresholds, more saved hours come from expert assistance', 'Figure 11', fig11.holds === true, fig11.detail);
  return out;
}

function unweightedTotals(dataset: Dataset, systems: string[]): Map<string, { valueUSD: number; timeSavingHours: number; energyMJ: number }> {
  const tasks = new Map(dataset.rows.tasks.map((t) => [t.task_id, t]));
  const wage = new Map(dataset.rows.occupations.map((o) => [o.occupation, o.median_hourly_wage_usd]));
  const outcome = new Map(dataset.rows.judgments.filter((j) => j.judge === dataset.manifest.primary_judge && j.reference === 'expert_only').map((j) => [j.run_id, j.outcome]));
  const out = new Map(systems.map((s) => [s, { valueUSD: 0, timeSavingHours: 0, energyMJ: 0 }]));
  for (const r of dataset.rows.runs) {
    const acc = out.get(r.system);
    if (!acc || r.attempt !== 1) continue;
    const t = tasks.get(r.task_id)!;
    acc.energyMJ += r.energy_mj;
    if (outcome.get(r.run_id) !== 'loss') {
      const h = hoursAt(t, 'expert_only')!;
      acc.valueUSD += h * wage.get(t.occupation)!;
      acc.timeSavingHours += h - r.ai_hours;
    }
  }
  return out;
}
