/**
 * Every published number of the paper's tables beside the value reproduced from a dataset.
 *
 * Each published table is matched to the table builder that computes it: a row label as printed
 * (category "Computer & Math", policy "≥1/4", reference "Expert-only / Expert-with-AI") to the
 * reproduced row, a column header as printed to the reproduced column. A published cell whose row
 * the dataset does not have is "not reproduced"; nothing is ever filled in from the paper.
 *
 * Tolerance: point estimates 1% of the published value (never less than one printed unit);
 * interval bounds (columns ending in " lo"/" hi") 5%, since they are Monte Carlo percentiles of a
 * bootstrap over a different (reconstructed) set of tasks.
 */
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import type { ColumnTable } from 'arquero';
import type { Dataset } from '../data/load.ts';
import { readCsv } from '../io/csv.ts';
import type { Published, PublishedCell } from '../published/load.ts';
import type { Reference } from '../reference/load.ts';
import { compare, type Comparison } from './compare.ts';

export const POINT_TOLERANCE = 0.01;
export const INTERVAL_TOLERANCE = 0.05;

type Row = Record<string, unknown>;

interface TableMap {
  /** the builder's table name in `tables` (table01, ...) */
  source: string;
  /** the printed row label of a reproduced row (null: the row is not in the paper) */
  rowLabel: (row: Row, index: number) => string | null;
  /** printed column header -> reproduced column */
  columns: Record<string, string>;
}

const POLICY_COLUMNS = {
  'Output value (USD)': 'output_value_usd',
  'AI cost (USD)': 'ai_cost_usd',
  'Energy (MJ)': 'energy_mj',
  'NVJ [95% CI]': 'nvj', 'NVJ [95% CI] lo': 'nvj_lo', 'NVJ [95% CI] hi': 'nvj_hi',
  'TSJ [95% CI]': 'tsj', 'TSJ [95% CI] lo': 'tsj_lo', 'TSJ [95% CI] hi': 'tsj_hi',
  'Net value/ AI cost': 'nv_per_ai_usd',
};

/** `>=4/4` prints as `4/4`, every other threshold as `≥m/n`; pass@k as is. */
export function printedPolicy(policy: string): string {
  const m = /^>=(\d+)\/(\d+)$/.exec(policy);
  if (!m) return policy;
  return m[1] === m[2] ? `${m[1]}/${m[2]}` : `≥${m[1]}/${m[2]}`;
}

const REFERENCE_WORDS: Record<string, string> = { expert_only: 'Expert-only', expert_with_ai: 'Expert-with-AI' };
const TRANSITION_LABELS: Record<string, string> = {
  'expert_only->expert_with_ai': 'Expert-only → expert-with-AI',
  'expert_with_ai->ai_system': 'Expert-with-AI → AI system',
  'expert_only->ai_system': 'Expert-only → AI system',
};
const RANKING_LABELS: Record<string, string> = { win_tie_per_mj: 'Win–tie rate per MJ', nvj: 'NVJ', tsj: 'TSJ' };
const JUDGE_WORDS: [RegExp, string][] = [[/gemini/i, 'Gemini'], [/haiku/i, 'Haiku'], [/gpt-5[- ]mini/i, 'GPT-5 mini']];

function judgeWord(judge: string): string | null {
  return JUDGE_WORDS.find(([re]) => re.test(judge))?.[1] ?? null;
}

/**
 * The system behind each printed Table 1 row: the system whose model is the label; when several
 * deployments share the model, the one with the most accelerators (Table 1 compares models on
 * eight-accelerator nodes), then the first in systems.csv.
 */
export function table1Systems(ds: Dataset): Map<string, string> {
  const byModel = new Map<string, { system: string; count: number }>();
  for (const s of ds.rows.systems) {
    const best = byModel.get(s.model);
    if (!best || s.accelerator_count > best.count) byModel.set(s.model, { system: s.system, count: s.accelerator_count });
  }
  return new Map([...byModel].map(([model, { system }]) => [system, model]));
}

function tableMaps(ds: Dataset, reference: Reference | null): Record<string, TableMap> {
  const catLabel = new Map(reference?.occupations.map((o) => [o.category, o.categoryLabel]) ?? []);
  const category = (r: Row) => catLabel.get(String(r.category)) ?? String(r.category);
  const t1 = table1Systems(ds);
  return {
    '1': {
      source: 'table01', rowLabel: (r) => t1.get(String(r.system)) ?? null,
      columns: {
        'GDP-weighted task averages / Execution cost (USD)': 'cost_usd',
        'GDP-weighted task averages / Completion time (min)': 'completion_min',
        'GDP-weighted task averages / Energy (MJ)': 'energy_mj',
        'Net value per / dollar of AI cost (USD/USD)': 'nv_per_ai_usd',
        'Net value per / AI hour (USD/hour)': 'nv_per_ai_hour',
        'Net value per / megajoule (USD/MJ)': 'nvj',
      },
    },
    '2': {
      source: 'table02',
      rowLabel: (r) => {
        const a = judgeWord(String(r.judge_a)), b = judgeWord(String(r.judge_b));
        return a && b && !/attempt/.test(String(r.judge_a)) ? `${a}–${b}` : null;
      },
      columns: { 'Exact agreement': 'exact_agreement_pct', 'Binary win–tie agreement': 'binary_agreement_pct' },
    },
    '13': {
      source: 'table13', rowLabel: category,
      columns: {
        'Win–tie (%)': 'win_tie_pct', 'Credited value G (USD)': 'credited_value_usd', 'AI cost C (USD)': 'ai_cost_usd',
        'Time saving S (hours)': 'time_saving_hours', 'Energy E (MJ)': 'energy_mj', 'AI time L (hours)': 'ai_time_hours',
      },
    },
    '14': {
      source: 'table14', rowLabel: category,
      columns: { Rank: 'rank', 'Net value/AI dollar (USD/USD)': 'nv_per_ai_usd', 'Net value/AI hour (USD/hour)': 'nv_per_ai_hour' },
    },
    '15': {
      source: 'table15', rowLabel: (r) => String(r.occupation),
      columns: { Tasks: 'tasks', 'Win–tie (%)': 'win_tie_pct', 'NVJ (USD/MJ)': 'nvj', 'TSJ (h/MJ)': 'tsj' },
    },
    '16': {
      source: 'table16', rowLabel: (r) => RANKING_LABELS[String(r.ranking)] ?? null,
      columns: { 'Median ρ': 'median_rho', '5th–95th ρ lo': 'rho_p05', '5th–95th ρ hi': 'rho_p95', 'Leader retained': 'leader_retained_pct' },
    },
    '17': {
      source: 'table17',
      rowLabel: (r) => `${REFERENCE_WORDS[String(r.judgment_reference)]} / ${REFERENCE_WORDS[String(r.time_reference)]}`,
      columns: {
        'NVJ (USD/MJ)': 'nvj', 'NVJ (USD/MJ) lo': 'nvj_lo', 'NVJ (USD/MJ) hi': 'nvj_hi',
        'TSJ (hours/MJ)': 'tsj', 'TSJ (hours/MJ) lo': 'tsj_lo', 'TSJ (hours/MJ) hi': 'tsj_hi',
      },
    },
    '18': {
      // the five reductions in the paper's order (tables/table18.ts REDUCTIONS), then attributions
      source: 'table18',
      rowLabel: (_r, i) => [
        'Judgments; expert-only reference times fixed', 'Times; expert-only reference decisions fixed',
        'Times; expert-with-AI reference decisions fixed', 'Judgments; expert-with-AI reference times fixed',
        'Both judgments and times',
      ][i] ?? null,
      columns: {
        'NVJ reduction (%)': 'nvj_reduction_pct', 'NVJ reduction (%) lo': 'nvj_reduction_lo', 'NVJ reduction (%) hi': 'nvj_reduction_hi',
        'TSJ reduction (%)': 'tsj_reduction_pct', 'TSJ reduction (%) lo': 'tsj_reduction_lo', 'TSJ reduction (%) hi': 'tsj_reduction_hi',
      },
    },
    '19': { source: 'table19', rowLabel: (r) => printedPolicy(String(r.policy)), columns: POLICY_COLUMNS },
    '20': { source: 'table20', rowLabel: (r) => printedPolicy(String(r.policy)), columns: POLICY_COLUMNS },
    '21': { source: 'table21', rowLabel: (r) => printedPolicy(String(r.policy)), columns: POLICY_COLUMNS },
    '22': {
      source: 'table22', rowLabel: (r) => TRANSITION_LABELS[String(r.transition)] ?? null,
      columns: {
        'Time saving (hours)': 'time_saving_hours', 'Time saving (hours) lo': 'time_saving_hours_lo', 'Time saving (hours) hi': 'time_saving_hours_hi',
        'Time saving (%)': 'time_saving_pct', 'Time saving (%) lo': 'time_saving_pct_lo', 'Time saving (%) hi': 'time_saving_pct_hi',
        'Energy (MJ)': 'energy_mj', 'TSJ (hours/MJ)': 'tsj', 'TSJ (hours/MJ) lo': 'tsj_lo', 'TSJ (hours/MJ) hi': 'tsj_hi',
      },
    },
    '5': {
      source: 'table05', rowLabel: category,
      columns: {
        'AI execution cost (USD) / CoreWeave': 'ai_cost_usd_coreweave', 'AI execution cost (USD) / AWS': 'ai_cost_usd_aws',
        'AI execution cost (USD) / GCP': 'ai_cost_usd_gcp', 'NVJ (USD/MJ) / CoreWeave': 'nvj_coreweave', 'NVJ (USD/MJ) / GCP': 'nvj_gcp',
      },
    },
  };
}

/**
 * Which published values hold by construction of the dataset: `by_construction.csv` in the dataset
 * directory, columns `table,row,column`, where `*` matches any row or column. Absent file: none.
 */
export function readByConstruction(dir: string): (table: string, row: string, column: string) => boolean {
  const path = join(dir, 'by_construction.csv');
  if (!existsSync(path)) return () => false;
  const rules = readCsv(path).rows.map((r) => r.values);
  return (table, row, column) => rules.some((r) =>
    r.table === table && (r.row === '*' || r.row === row) && (r.column === '*' || r.column === column));
}

export interface CheckOptions {
  dataset: Dataset;
  published: Published;
  /** built tables by name (table01, ...), as `buildTables` returns them */
  tables: Record<string, ColumnTable>;
  /** for category labels as printed; without it categories must match the printed labels */
  reference?: Reference | null;
}

/** One comparison per published table cell, tables in number order, cells in file order. */
export function reproductionChecks(options: CheckOptions): Comparison[] {
  const maps = tableMaps(options.dataset, options.reference ?? null);
  const byConstruction = readByConstruction(options.dataset.dir);
  const out: Comparison[] = [];
  const tableIds = [...options.published.tables.keys()].sort((a, b) => Number(a) - Number(b));
  for (const id of tableIds) {
    const cells = [...options.published.tables.get(id)!.values()];
    const map = maps[id];
    const table = map ? options.tables[map.source] : undefined;
    const rows = new Map<string, Row>();
    if (map && table) (table.objects() as Row[]).forEach((r, i) => {
      const label = map.rowLabel(r, i);
      if (label !== null && !rows.has(label)) rows.set(label, r);
    });
    for (const cell of cells) out.push(check(id, cell, map, rows, byConstruction));
  }
  return out;
}

function check(id: string, cell: PublishedCell, map: TableMap | undefined, rows: Map<string, Row>, byConstruction: (t: string, r: string, c: string) => boolean): Comparison {
  const column = map?.columns[cell.column];
  const row = rows.get(cell.row);
  const v = row && column ? row[column] : undefined;
  const reproduced = typeof v === 'number' && Number.isFinite(v) ? v : null;
  const interval = / (lo|hi)$/.test(cell.column);
  return compare({ table: id, row: cell.row, column: cell.column }, reproduced, cell,
    { relative: interval ? INTERVAL_TOLERANCE : POINT_TOLERANCE, byConstruction: byConstruction(id, cell.row, cell.column) });
}
