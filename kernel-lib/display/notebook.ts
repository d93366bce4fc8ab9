/**
 * The first call of every notebook: turn the parameters cell into a loaded dataset and the one
 * options object every table and figure builder takes.
 *
 * `npm run reproduce` runs every notebook on the same dataset by setting J2G_DATA (and J2G_DRAWS),
 * which override the parameters cell; a reader changes the cell and re-runs.
 *
 * @example
 * const nb = openNotebook({ data: '../data/recorded/synthetic-small', weights: 'gdp' });
 * table13(nb.options)
 */
import { existsSync } from 'node:fs';
import { resolve } from 'node:path';
import * as aq from 'arquero';
import type { ColumnTable } from 'arquero';
import { loadDataset, type Dataset } from '../data/load.ts';
import { J2GError } from '../errors.ts';
import { loadPublished, type Published } from '../published/load.ts';
import { loadReference, type Reference } from '../reference/load.ts';
import type { TableOptions } from '../tables/index.ts';
import { reproductionChecks } from '../report/checks.ts';
import { extraTextClaimCells } from '../report/textClaims.ts';
import { paperTable } from '../report/paperTables.ts';
import type { Comparison } from '../report/compare.ts';
import { onWarning, warn } from '../warn.ts';
import { parseWeights } from '../cli/commands/tables.ts';
import { notApplicable, showComparison, showTable } from './show.ts';
import { tableCaption } from '../plots/captions.ts';
import { tslabSink, type DisplaySink } from './sink.ts';

/** What a notebook's parameters cell sets (plain literals, so the cell needs no import). */
export interface NotebookParameters {
  /** dataset directory, relative to the notebook */
  data: string;
  /** AI system id; null: the manifest's primary_system */
  system?: string | null;
  /** judge id; null: the manifest's primary_judge */
  judge?: string | null;
  /** 'gdp' (default), 'employment', 'equal', or a CSV file occupation,weight */
  weights?: string | null;
  /** bootstrap draws; null: the manifest's */
  draws?: number | null;
  /** bootstrap seed; null: the manifest's */
  seed?: number | null;
}

export interface Notebook {
  parameters: NotebookParameters;
  dataset: Dataset;
  /** the options object of every table and figure builder */
  options: TableOptions;
  published: Published;
  reference: Reference;
}

const RECONSTRUCTED = 'joules-to-gdp-reconstructed';

export function openNotebook(parameters: NotebookParameters, env: NodeJS.ProcessEnv = process.env): Notebook {
  // Notebook output shows warnings as they happen (stderr), once each.
  const seen = new Set<string>();
  onWarning((m) => {
    if (!seen.has(m)) process.stderr.write(`warning: ${m}\n`);
    seen.add(m);
  });
  let data = resolve(env.J2G_DATA ?? parameters.data);
  if (!existsSync(data) && data.endsWith(RECONSTRUCTED)) {
    const fallback = resolve(data, '..', 'synthetic-small');
    warn(`${data} is not in this checkout yet; using ${fallback}`);
    data = fallback;
  }
  if (!existsSync(data)) throw new J2GError(`no dataset at ${data}`);
  const dataset = loadDataset(data);
  for (const w of dataset.warnings) warn(w);
  const draws = env.J2G_DRAWS ? Number(env.J2G_DRAWS) : parameters.draws ?? null;
  const seed = parameters.seed ?? null;
  const options: TableOptions = {
    dataset,
    system: parameters.system ?? undefined,
    judge: parameters.judge ?? undefined,
    weights: parseWeights(parameters.weights ?? undefined, dataset),
    bootstrap: draws === null && seed === null ? undefined : { ...(draws !== null ? { draws } : {}), ...(seed !== null ? { seed } : {}) },
  };
  return { parameters, dataset, options, published: loadPublished(), reference: loadReference() };
}

/** Published against reproduced for the given tables, e.g. compareTables(nb, ['13', '14']). */
export function compareTables(nb: Notebook, ids: readonly string[], built: Record<string, ColumnTable> = {}): Comparison[] {
  const tables = Object.fromEntries(ids.map((id) => {
    const name = `table${id.padStart(2, '0')}`;
    return [name, built[name] ?? paperTable(nb.options, id)];
  }));
  return reproductionChecks({ ...nb.options, published: nb.published, tables, reference: nb.reference })
    .filter((c) => ids.includes(c.table));
}

/**
 * Paper table `id` ('1', '13', ... '22') in a notebook: the table, then (unless `compare` is false)
 * its published-vs-reproduced comparison. A table the dataset cannot support (no expert-with-AI
 * reference, one category, a run without its judgment) is one line saying why, so the notebook runs
 * on to its other sections.
 */
export function showPaperTable(nb: Notebook, id: string, options: { caption?: string; compare?: boolean; sink?: DisplaySink } = {}): void {
  let table: ColumnTable;
  try {
    table = paperTable(nb.options, id);
  } catch (e) {
    if (!(e instanceof J2GError)) throw e;
    (options.sink ?? tslabSink())(notApplicable(`Table ${id} is not computed for this dataset`, e.message));
    return;
  }
  const name = `table${id.padStart(2, '0')}`;
  const caption = tableCaption(name, nb.options);
  (options.sink ?? tslabSink())({ 'text/markdown': `*Table ${id}. ${caption}*`, 'text/plain': `Table ${id}. ${caption}` });
  showTable(table, { sink: options.sink });
  if (options.compare === false) return;
  showComparison(compareTables(nb, [id], { [`table${id.padStart(2, '0')}`]: table }), { caption: options.caption, sink: options.sink });
}

/** One row per file of the dataset: rows and columns. */
export function datasetOverview(dataset: Dataset): ColumnTable {
  const files = ['occupations', 'sectors', 'tasks', 'systems', 'runs', 'judgments'] as const;
  return aq.from(files.map((f) => ({ file: `${f}.csv`, rows: dataset[f].numRows(), columns: dataset[f].columnNames().join(', ') })));
}

/** The numbers quoted in the paper's text beside their reproduced values. */
export function compareTextClaims(nb: Notebook): Comparison[] {
  const tables = Object.fromEntries(['2', '18', '22'].flatMap((id) => {
    try {
      return [[`table${id.padStart(2, '0')}`, paperTable(nb.options, id)]];
    } catch (e) {
      if (!(e instanceof J2GError)) throw e;
      return [];
    }
  }));
  const extraClaims = extraTextClaimCells({ ...nb.options, tables, reference: nb.reference });
  return reproductionChecks({ ...nb.options, published: nb.published, tables, reference: nb.reference, extraClaims })
    .filter((c) => c.table === 'text');
}
