/**
 * What the paper prints for a figure's values (issue #24: "wherever the paper prints a value or
 * interval, draw it beside the reproduced one"): Figure 4's NVJ and TSJ with their intervals are
 * Table 17's diagonal (expert-only / expert-only, expert-with-AI / expert-with-AI); Figure 10's are
 * Table 19 (pass@k) and Table 20 (n-run thresholds); Figure 5's NVJ ranking is Table 1's "Net value
 * per megajoule" of the five models (no interval printed); Figure 3's win–tie rate and time saving
 * per task are Table 13's "Win–tie (%)" and "Time saving S (hours)" per category (Table 13 abbreviates
 * some category names: `labels` maps its row labels to the dataset's, from data/reference/occupations.csv
 * category_label); Figure 1(a)'s AI cost C and AI time L are Table 1's execution cost (USD) and
 * completion time (minutes, drawn in hours: / 60) of its model. Drawn as hollow bars with grey whiskers, in the
 * legend as "published", only when the caller says the dataset's system is the paper's and the
 * figure's scenario is the paper's (paperFigures: `published` setting, no scenario difference).
 */
import type { Published, PublishedCell } from '../published/load.ts';
import { hasPaperSystems, type PaperSystem, type SystemRecord } from '../published/systemMatch.ts';

/** A printed value with its printed interval (null: not printed). */
export interface PublishedPoint {
  value: number;
  lo: number | null;
  hi: number | null;
}

/** Per figure row label (as the figure draws it), per measure: what the paper prints. */
export type PublishedValues = ReadonlyMap<string, Partial<Record<'nvj' | 'tsj' | 'winTiePct' | 'timeSavingHours' | 'costUSD' | 'aiHours', PublishedPoint>>>;

function cell(pub: Published, table: string, row: string, column: string): number | null {
  return pub.tables.get(table)?.get(`${row}\u0000${column}`)?.value ?? null;
}

function point(pub: Published, table: string, row: string, column: string): PublishedPoint | undefined {
  const value = cell(pub, table, row, column);
  return value === null ? undefined : { value, lo: cell(pub, table, row, `${column} lo`), hi: cell(pub, table, row, `${column} hi`) };
}

/**
 * The published counterparts of figure `id`'s values, by the row labels the figure draws; null when
 * the paper prints none for that figure.
 * @example publishedValuesFor('4', loadPublished())?.get('Expert-only')?.nvj // => { value: 168.11, lo: 126, hi: 222.43 }
 */
export function publishedValuesFor(id: string, pub: Published, labels: ReadonlyMap<string, string> = new Map()): PublishedValues | null {
  const out = new Map<string, Partial<Record<'nvj' | 'tsj' | 'winTiePct' | 'timeSavingHours' | 'costUSD' | 'aiHours', PublishedPoint>>>();
  const add = (label: string, table: string, row: string, nvj: string, tsj: string) => {
    const v = { nvj: point(pub, table, row, nvj), tsj: point(pub, table, row, tsj) };
    if (v.nvj || v.tsj) out.set(label, v);
  };
  if (id === '4') {
    // Figure 4 labels its rows as plots/figure04.ts REFERENCE_LABELS
    add('Expert-only', '17', 'Expert-only / Expert-only', 'NVJ (USD/MJ)', 'TSJ (hours/MJ)');
    add('Expert-with-AI', '17', 'Expert-with-AI / Expert-with-AI', 'NVJ (USD/MJ)', 'TSJ (hours/MJ)');
  } else if (id === '10') {
    for (const row of pub.tables.get('19')?.values() ?? []) if (row.column === 'NVJ [95% CI]') add(row.row, '19', row.row, 'NVJ [95% CI]', 'TSJ [95% CI]');
    // Table 20 prints its strictest row "4/4"; the figure draws every threshold as "≥k/n"
    for (const row of pub.tables.get('20')?.values() ?? []) if (row.column === 'NVJ [95% CI]') add(row.row.startsWith('≥') ? row.row : `≥${row.row}`, '20', row.row, 'NVJ [95% CI]', 'TSJ [95% CI]');
  } else if (id === '3') {
    for (const row of pub.tables.get('13')?.values() ?? []) {
      if (row.column !== 'Win–tie (%)') continue;
      const v = { winTiePct: point(pub, '13', row.row, 'Win–tie (%)'), timeSavingHours: point(pub, '13', row.row, 'Time saving S (hours)') };
      out.set(labels.get(row.row) ?? row.row, v);
    }
  } else if (id === '1a') {
    const cost = 'GDP-weighted task averages / Execution cost (USD)', minutes = 'GDP-weighted task averages / Completion time (min)';
    for (const row of pub.tables.get('1')?.values() ?? []) {
      if (row.column !== cost) continue;
      const m = cell(pub, '1', row.row, minutes);
      out.set(row.row, { costUSD: point(pub, '1', row.row, cost), ...(m === null ? {} : { aiHours: { value: m / 60, lo: null, hi: null } }) });
    }
  } else if (id === '5') {
    // Figure 5 labels its models by systems.csv `model`, as Table 1 names its rows; Table 1 prints no TSJ
    const nvj = 'Net value per / megajoule (USD/MJ)';
    for (const row of pub.tables.get('1')?.values() ?? []) if (row.column === nvj) add(row.row, '1', row.row, nvj, '');
  } else return null;
  return out.size ? out : null;
}

/**
 * What the figures need to draw the paper's printed values, for any dataset: the published numbers,
 * Table 13's row labels as the dataset names them, and the paper's systems (the rule that says whether
 * a dataset is the paper's, published/systemMatch.ts). Built from data/published/ and data/reference/
 * by report/paperDataset.ts publishedFigureSource; the explorer's build bundles it as JSON
 * (publishedFigureSourceJson) and its page and worker revive it (publishedFigureSourceFromJson).
 */
export interface PublishedFigureSource {
  published: Published;
  /** a printed row label -> the dataset's (Table 13's abbreviated categories, data/reference/occupations.csv category_label) */
  labels: ReadonlyMap<string, string>;
  systems: readonly PaperSystem[];
}

/**
 * The published inputs of paperFigures for dataset `ds`: the published numbers and labels when the
 * dataset is the paper's (every Table 1 system of the paper, by identity: the rule by which the report
 * compares values), nothing otherwise. One function for the report (scripts/reproduce.ts) and the
 * explorer (explorer/compute.ts computeFigures); paperFigures then draws them only under the paper's
 * scenario for what each figure depends on.
 * @example publishedFigureInputs(loadDataset('data/recorded/synthetic-small'), publishedFigureSource(loadPublished(), loadReference())) // => {}
 */
export function publishedFigureInputs(ds: { rows: { systems: readonly SystemRecord[] } }, source: PublishedFigureSource | null | undefined): { published?: Published; publishedLabels?: ReadonlyMap<string, string> } {
  return source && hasPaperSystems(ds.rows.systems, source.systems) ? { published: source.published, publishedLabels: source.labels } : {};
}

/** A PublishedFigureSource as JSON: every printed table cell as [table, row, column, value, printed], the labels and the systems. */
export interface PublishedFigureSourceJson {
  cells: [string, string, string, number, string][];
  labels: [string, string][];
  systems: PaperSystem[];
}

/**
 * The JSON form of `source` (its text claims are not carried: no figure draws them).
 * @example publishedFigureSourceFromJson(JSON.parse(JSON.stringify(publishedFigureSourceJson(publishedFigureSource(loadPublished(), null))))).published.tables.get('17')?.get('Expert-only / Expert-only\u0000NVJ (USD/MJ)')?.value // => 168.11
 */
export function publishedFigureSourceJson(source: PublishedFigureSource): PublishedFigureSourceJson {
  const cells: PublishedFigureSourceJson['cells'] = [];
  for (const table of source.published.tables.values()) for (const c of table.values()) cells.push([c.table, c.row, c.column, c.value, c.printed]);
  return { cells, labels: [...source.labels], systems: [...source.systems] };
}

/** The PublishedFigureSource of its JSON form (publishedFigureSourceJson); each cell's file is its table's CSV, lines unknown (0). */
export function publishedFigureSourceFromJson(json: PublishedFigureSourceJson): PublishedFigureSource {
  const tables = new Map<string, Map<string, PublishedCell>>();
  for (const [table, row, column, value, printed] of json.cells) {
    let t = tables.get(table);
    if (!t) tables.set(table, (t = new Map()));
    t.set(`${row}\u0000${column}`, { table, row, column, value, printed, file: `table${table.padStart(2, '0')}.csv`, line: 0 });
  }
  return { published: { dir: '', tables, claims: new Map() }, labels: new Map(json.labels), systems: json.systems };
}
