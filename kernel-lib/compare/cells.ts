/**
 * Reproduced numbers under the paper's own labels: turns the tables that `j2g tables` builds (one
 * ColumnTable per table, the project's column names) into cells `{table, row, column, value}` whose
 * row and column labels are exactly those of data/published/ (see its README), so that they can be
 * set beside the published numbers (`compareWithPublished`). A built row or column the paper does not
 * print gives no cell.
 */
import type { ColumnTable } from 'arquero';

export interface ReproducedCell {
  table: string;
  row: string;
  column: string;
  value: number | null;
}

/** How the dataset's ids map to the paper's labels. */
export interface CellLabels {
  /** category as written in the dataset -> label printed in Tables 5, 13, 14 (identity when absent) */
  category?: Map<string, string>;
  /** system id -> Table 1 row label (systems without one are not compared) */
  system?: Map<string, string>;
  /** judge id -> label used in Table 2 ("Gemini", "Haiku", "GPT-5 mini") */
  judge?: Map<string, string>;
}

type Row = Record<string, unknown>;
const rowsOf = (t: ColumnTable): Row[] => t.objects() as Row[];
const numOrNull = (v: unknown): number | null => (typeof v === 'number' && Number.isFinite(v) ? v : null);

/** Column maps: project column -> published column. */
const T1 = {
  cost_usd: 'GDP-weighted task averages / Execution cost (USD)',
  completion_min: 'GDP-weighted task averages / Completion time (min)',
  energy_mj: 'GDP-weighted task averages / Energy (MJ)',
  nv_per_ai_usd: 'Net value per / dollar of AI cost (USD/USD)',
  nv_per_ai_hour: 'Net value per / AI hour (USD/hour)',
  nvj: 'Net value per / megajoule (USD/MJ)',
};
const T13 = {
  win_tie_pct: 'Win–tie (%)',
  credited_value_usd: 'Credited value G (USD)',
  ai_cost_usd: 'AI cost C (USD)',
  time_saving_hours: 'Time saving S (hours)',
  energy_mj: 'Energy E (MJ)',
  ai_time_hours: 'AI time L (hours)',
};
const T14 = { rank: 'Rank', nv_per_ai_usd: 'Net value/AI dollar (USD/USD)', nv_per_ai_hour: 'Net value/AI hour (USD/hour)' };
const T15 = { tasks: 'Tasks', win_tie_pct: 'Win–tie (%)', nvj: 'NVJ (USD/MJ)', tsj: 'TSJ (h/MJ)' };
const T16 = { median_rho: 'Median ρ', rho_p05: '5th–95th ρ lo', rho_p95: '5th–95th ρ hi', leader_retained_pct: 'Leader retained' };
const T16_ROWS: Record<string, string> = { win_tie_per_mj: 'Win–tie rate per MJ', nvj: 'NVJ', tsj: 'TSJ' };
const withBounds = (m: Record<string, string>) => {
  const out: Record<string, string> = {};
  for (const [k, v] of Object.entries(m)) { out[k] = v; out[`${k}_lo`] = `${v} lo`; out[`${k}_hi`] = `${v} hi`; }
  return out;
};
const T17 = withBounds({ nvj: 'NVJ (USD/MJ)', tsj: 'TSJ (hours/MJ)' });
const REF_LABEL: Record<string, string> = { expert_only: 'Expert-only', expert_with_ai: 'Expert-with-AI' };
const T18 = {
  nvj_reduction_pct: 'NVJ reduction (%)', nvj_reduction_lo: 'NVJ reduction (%) lo', nvj_reduction_hi: 'NVJ reduction (%) hi',
  tsj_reduction_pct: 'TSJ reduction (%)', tsj_reduction_lo: 'TSJ reduction (%) lo', tsj_reduction_hi: 'TSJ reduction (%) hi',
};
const T18_ROWS: Record<string, string> = {
  'judgments|expert_only times': 'Judgments; expert-only reference times fixed',
  'times|expert_only judgments': 'Times; expert-only reference decisions fixed',
  'times|expert_with_ai judgments': 'Times; expert-with-AI reference decisions fixed',
  'judgments|expert_with_ai times': 'Judgments; expert-with-AI reference times fixed',
  'judgments and times|none': 'Both judgments and times',
};
const TPOLICY = {
  output_value_usd: 'Output value (USD)', ai_cost_usd: 'AI cost (USD)', energy_mj: 'Energy (MJ)',
  nvj: 'NVJ [95% CI]', nvj_lo: 'NVJ [95% CI] lo', nvj_hi: 'NVJ [95% CI] hi',
  tsj: 'TSJ [95% CI]', tsj_lo: 'TSJ [95% CI] lo', tsj_hi: 'TSJ [95% CI] hi',
  nv_per_ai_usd: 'Net value/ AI cost',
};
const T22 = withBounds({ time_saving_hours: 'Time saving (hours)', time_saving_pct: 'Time saving (%)', tsj: 'TSJ (hours/MJ)' });
T22.energy_mj = 'Energy (MJ)';
const T22_ROWS: Record<string, string> = {
  'expert_only->expert_with_ai': 'Expert-only → expert-with-AI',
  'expert_with_ai->ai_system': 'Expert-with-AI → AI system',
  'expert_only->ai_system': 'Expert-only → AI system',
};

/** `>=1/4` -> `≥1/4`, `>=4/4` -> `4/4` (the paper prints the strictest threshold without ≥). */
export function policyLabelAsPrinted(policy: string): string {
  const m = /^>=(\d+)\/(\d+)$/.exec(policy);
  if (!m) return policy;
  return m[1] === m[2] ? `${m[1]}/${m[2]}` : `≥${m[1]}/${m[2]}`;
}

/** A reproduced cell and the built cell it comes from: table file name, row index, project column. */
export interface SourcedCell extends ReproducedCell {
  source: { name: string; row: number; column: string };
}

function cellsOf(name: string, table: string, rows: Row[], rowLabel: (r: Row) => string | null, columns: Record<string, string>): SourcedCell[] {
  const out: SourcedCell[] = [];
  rows.forEach((r, i) => {
    const row = rowLabel(r);
    if (row === null) return;
    for (const [col, label] of Object.entries(columns)) if (col in r) out.push({ table, row, column: label, value: numOrNull(r[col]), source: { name, row: i, column: col } });
  });
  return out;
}

/**
 * Cells of every built table the paper prints: keys of `tables` are the CLI's file names (`table01`,
 * `table13`, ...). Table 2's repeated-output and human-review rows and Table 18's attribution rows are
 * text claims in the paper: see `textClaimCells`.
 */
export function reproducedCells(tables: Record<string, ColumnTable>, labels: CellLabels = {}): ReproducedCell[] {
  return reproducedCellSources(tables, labels).map(({ table, row, column, value }) => ({ table, row, column, value }));
}

/**
 * `reproducedCells`, each cell with the built cell it was read from (`source`: the table's file name,
 * row index and project column), so that a built table's cells can be told apart by whether the paper
 * prints a number for them (report/cellProvenance.ts).
 */
export function reproducedCellSources(tables: Record<string, ColumnTable>, labels: CellLabels = {}): SourcedCell[] {
  const cat = (c: unknown) => labels.category?.get(String(c)) ?? String(c);
  const out: SourcedCell[] = [];
  const t = (name: string) => (tables[name] ? rowsOf(tables[name]) : []);
  out.push(...cellsOf('table01', '1', t('table01'), (r) => labels.system?.get(String(r.system)) ?? null, T1));
  const judge = (j: unknown) => labels.judge?.get(String(j)) ?? null;
  out.push(...cellsOf('table02', '2', t('table02'), (r) => (judge(r.judge_a) && judge(r.judge_b) ? `${judge(r.judge_a)}–${judge(r.judge_b)}` : null),
    { exact_agreement_pct: 'Exact agreement', binary_agreement_pct: 'Binary win–tie agreement' }));
  t('table05').forEach((r, i) => {
    for (const [k, v] of Object.entries(r)) {
      const m = /^(ai_cost_usd|nvj)_(.+)$/.exec(k);
      if (!m) continue;
      const provider = ({ aws: 'AWS', coreweave: 'CoreWeave', gcp: 'GCP' } as Record<string, string>)[m[2]];
      if (!provider || (m[1] === 'nvj' && provider === 'AWS')) continue;
      out.push({ table: '5', row: cat(r.category), column: `${m[1] === 'nvj' ? 'NVJ (USD/MJ)' : 'AI execution cost (USD)'} / ${provider}`, value: numOrNull(v), source: { name: 'table05', row: i, column: k } });
    }
  });
  out.push(...cellsOf('table13', '13', t('table13'), (r) => cat(r.category), T13));
  out.push(...cellsOf('table14', '14', t('table14'), (r) => cat(r.category), T14));
  out.push(...cellsOf('table15', '15', t('table15'), (r) => String(r.occupation), T15));
  out.push(...cellsOf('table16', '16', t('table16'), (r) => T16_ROWS[String(r.ranking)] ?? null, T16));
  out.push(...cellsOf('table17', '17', t('table17'), (r) => `${REF_LABEL[String(r.judgment_reference)]} / ${REF_LABEL[String(r.time_reference)]}`, T17));
  out.push(...cellsOf('table18', '18', t('table18'), (r) => T18_ROWS[`${r.change}|${r.fixed}`] ?? null, T18));
  for (const [name, id] of [['table19', '19'], ['table20', '20'], ['table21', '21']]) {
    out.push(...cellsOf(name, id, t(name), (r) => policyLabelAsPrinted(String(r.policy)), TPOLICY));
  }
  out.push(...cellsOf('table22', '22', t('table22'), (r) => T22_ROWS[String(r.transition)] ?? null, T22));
  return out;
}
