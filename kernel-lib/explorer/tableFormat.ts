/**
 * How the explorer prints a table: column headers in words with their units (the project's column
 * names, `nv_per_ai_usd`, stay in each header's tooltip and in `data-col`), and numbers at the paper's
 * printed precision, by the report's rule (report/markdown.ts tableMarkdown): a column the paper
 * prints gets the decimals the paper prints for it (`printedDecimalsByColumn`, computed by the build:
 * explorer/formats.ts), any other column 4 significant digits. No DOM here.
 */

/** Column names printed as a whole (the paper's own words; Table 1's and the policy tables' headers). */
const WHOLE: Record<string, string> = {
  nvj: 'NVJ (USD/MJ)',
  tsj: 'TSJ (hours/MJ)',
  nv_per_ai_usd: 'Net value per AI dollar (USD/USD)',
  nv_per_ai_hour: 'Net value per AI hour (USD/hour)',
  cost_usd: 'Execution cost (USD)',
  completion_min: 'Completion time (min)',
  credited_value_usd: 'Credited value G (USD)',
  ai_cost_usd: 'AI cost C (USD)',
  time_saving_hours: 'Time saving S (hours)',
  energy_mj: 'Energy E (MJ)',
  ai_time_hours: 'AI time L (hours)',
  win_tie_pct: 'Win–tie (%)',
  median_rho: 'Median ρ',
  rho_p05: 'ρ, 5th percentile',
  rho_p95: 'ρ, 95th percentile',
  judge_a: 'Judge A',
  judge_b: 'Judge B',
  // the QAIJ view (explorer/compute.ts computeQaijTable): outputs are attempts judged win or tie
  service_mean: 'Win–tie share per attempt',
  qaij_per_mj: 'QAIJ (outputs/MJ)',
  qaij: 'QAIJ (outputs/MJ)',
  employment_mix_per_mj: 'QAIJ, employment mix (outputs/MJ)',
  equal_mix_per_mj: 'QAIJ, equal mix (outputs/MJ)',
  robust_frontier: 'Frontier across the intervals',
};
/** Unit tokens at the end of a column name, as printed in parentheses. */
const UNITS: Record<string, string> = { usd: 'USD', mj: 'MJ', hours: 'hours', hour: 'hours', min: 'min', pct: '%' };
/** Tokens spelled otherwise than in lower case. */
const WORDS: Record<string, string> = {
  nvj: 'NVJ', tsj: 'TSJ', ai: 'AI', nv: 'net value', gdp: 'GDP', aws: 'AWS', gcp: 'GCP', coreweave: 'CoreWeave', win: 'win–tie', tie: '', rho: 'ρ',
};

/**
 * A column's header in words, with its unit; an interval bound says which (`nvj_lo`: "NVJ (USD/MJ), 95% lo").
 * @example columnLabel('nv_per_ai_usd') // => 'Net value per AI dollar (USD/USD)'
 * @example columnLabel('time_saving_pct_hi') // => 'Time saving (%), 95% hi'
 * @example columnLabel('ai_cost_usd_coreweave') // => 'AI cost C (USD), CoreWeave'
 * @example columnLabel('qaij_lo') // => 'QAIJ (outputs/MJ), 95% lo'
 */
export function columnLabel(column: string): string {
  if (WHOLE[column]) return WHOLE[column];
  const bound = /^(.+)_(lo|hi)$/.exec(column);
  if (bound) return `${columnLabel(bound[1])}, 95% ${bound[2]}`;
  // Table 5's sweep: a measure per provider (ai_cost_usd_aws, nvj_gcp)
  const provider = /^(.+)_(aws|gcp|coreweave|[a-z]+)$/.exec(column);
  if (provider && WHOLE[provider[1]]) return `${WHOLE[provider[1]]}, ${WORDS[provider[2]] ?? provider[2]}`;
  const tokens = column.split('_');
  const unit = tokens.length > 1 && UNITS[tokens[tokens.length - 1]] ? UNITS[tokens.pop()!] : null;
  const words = tokens.map((t) => WORDS[t] ?? t).filter((t) => t !== '').join(' ');
  const text = words.charAt(0).toUpperCase() + words.slice(1);
  return unit ? `${text} (${unit})` : text;
}

/**
 * A number as the report prints it: `decimals` when the paper prints the column (report/markdown.ts),
 * otherwise 4 significant digits without an exponent for ordinary magnitudes; text as is; '' for null.
 * @example cellText(69.04, 1) // => '69.0'
 * @example cellText(0.000123456, undefined) // => '0.0001235'
 * @example cellText('GLM 5.2', 2) // => 'GLM 5.2'
 */
export function cellText(v: number | string | null, decimals: number | undefined): string {
  if (v === null) return '';
  if (typeof v !== 'number') return v;
  if (!Number.isFinite(v)) return String(v);
  return decimals === undefined ? Number(v.toPrecision(4)).toString() : v.toFixed(decimals);
}

/** What the build writes for the page (data/formats.json): decimals per table and column, and per bundled dataset the unconstrained cells. */
export interface TableFormats {
  /** table -> column -> decimals the paper prints */
  decimals: Record<string, Record<string, number>>;
  /** dataset id -> table -> the cells (`row\u0000column`) no published number pins, and the note under the table; under the paper's scenario only */
  marks: Record<string, Record<string, { keys: string[]; note: string }>>;
}
