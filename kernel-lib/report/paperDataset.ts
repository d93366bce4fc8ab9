/**
 * Whether a dataset is the paper's, decided on data (issue #11, "a report about the dataset it was
 * given"), by system identity, never by model name alone (issue #28): a system is the paper's when its
 * model, harness, accelerator and accelerator count are those the paper states for it
 * (data/published/systems.csv quotes the sentences; Table 1's rows are its one system per model). A toy
 * system whose model is called "GLM 5.2" on other hardware is not the paper's GLM 5.2. The dataset is
 * the paper's when it has every one of the paper's Table 1 systems; the name of its directory plays
 * no part.
 *
 * For any other dataset only the published values about rows it shares can be compared: Table 1
 * rows of the models it has, and (when its primary system is the paper's primary model) the
 * primary-system tables (2, 5, 13-22) and the text, where the dataset has the row (category,
 * occupation, reference pair, policy). The paper's primary model is found on data too: the Table 1
 * row whose NVJ is Table 17's expert-only/expert-only NVJ (both are the primary system's pass@1 benchmark).
 */
import { join } from 'node:path';
import type { Dataset } from '../data/load.ts';
import type { Published } from '../published/load.ts';
import { readCsv } from '../io/csv.ts';
import { ValidationError, type ValidationIssue } from '../errors.ts';
import type { Comparison } from './compare.ts';
import type { Reference } from '../reference/load.ts';
import type { PublishedFigureSource } from '../plots/published.ts';
import { hasPaperSystems, isPaperSystem, type PaperSystem, type SystemRecord } from '../published/systemMatch.ts';

export type { PaperSystem } from '../published/systemMatch.ts';
export { isPaperSystem } from '../published/systemMatch.ts';

const SYSTEMS_HEADER = ['model', 'harness', 'accelerator', 'accelerator_count', 'table1', 'section', 'quote'];

/** The paper's systems from `published.dir`/systems.csv; a bad row is an error naming file, line and column. */
export function paperSystems(published: Pick<Published, 'dir'>): PaperSystem[] {
  const file = 'systems.csv';
  const csv = readCsv(join(published.dir, file), file);
  const issues: ValidationIssue[] = [];
  if (csv.header.join(',') !== SYSTEMS_HEADER.join(',')) throw new ValidationError([{ file, line: 1, message: `expected the header ${SYSTEMS_HEADER.join(',')}, found ${csv.header.join(',')}` }]);
  const out: PaperSystem[] = [];
  for (const r of csv.rows) {
    const v = r.values;
    const count = Number(v.accelerator_count);
    if (!Number.isInteger(count) || count < 1) issues.push({ file, line: r.line, column: 'accelerator_count', message: `expected a positive whole number, found ${JSON.stringify(v.accelerator_count)}` });
    if (v.table1 !== 'yes' && v.table1 !== 'no') issues.push({ file, line: r.line, column: 'table1', message: `expected yes or no, found ${JSON.stringify(v.table1)}` });
    for (const k of ['model', 'harness', 'accelerator'] as const) if (!v[k]) issues.push({ file, line: r.line, column: k, message: 'expected a value' });
    out.push({ model: v.model, harness: v.harness, accelerator: v.accelerator, acceleratorCount: count, table1: v.table1 === 'yes' });
  }
  if (issues.length) throw new ValidationError(issues);
  return out;
}

/**
 * How a system reads where its identity matters.
 * @example systemIdentity({ model: 'GLM 5.2', harness: 'OpenHands', accelerator: 'NVIDIA H200', accelerator_count: 8 }) // => 'GLM 5.2 (OpenHands, 8× NVIDIA H200)'
 */
export function systemIdentity(s: SystemRecord): string {
  return `${s.model} (${s.harness}, ${s.accelerator_count}× ${s.accelerator})`;
}

/**
 * The dataset's systems that are the paper's Table 1 systems (system id -> model, Table 1's row label),
 * in systems.csv order: what the checks match to Table 1's rows.
 */
export function paperTable1Systems(ds: Dataset, published: Pick<Published, 'dir'>): Map<string, string> {
  const table1 = paperSystems(published).filter((p) => p.table1);
  const out = new Map<string, string>();
  for (const s of ds.rows.systems) {
    if ([...out.values()].includes(s.model)) continue;
    if (table1.some((p) => isPaperSystem(s, p))) out.set(s.system, s.model);
  }
  return out;
}

const T1_NVJ = 'Net value per / megajoule (USD/MJ)';

/** The models of the paper's Table 1, in file order. @example paperModels(loadPublished())[0] // => 'GLM 5.2' */
export function paperModels(published: Published): string[] {
  return [...new Set([...(published.tables.get('1')?.values() ?? [])].map((c) => c.row))];
}

/**
 * The paper's primary model: the Table 1 row whose NVJ rounds like Table 17's expert-only /
 * expert-only NVJ (to Table 1's printed decimals); null when no row does.
 * @example paperPrimaryModel(loadPublished()) // => 'GLM 5.2'
 */
export function paperPrimaryModel(published: Published): string | null {
  const t17 = published.tables.get('17');
  const target = t17 && [...t17.values()].find((c) => c.row === 'Expert-only / Expert-only' && c.column === 'NVJ (USD/MJ)');
  if (!target) return null;
  const rows = [...(published.tables.get('1')?.values() ?? [])].filter((c) => c.column === T1_NVJ);
  const hit = rows.find((c) => {
    const decimals = c.printed.split('.')[1]?.length ?? 0;
    return Math.abs(target.value - c.value) <= 0.5 * 10 ** -decimals + 1e-9;
  });
  return hit?.row ?? null;
}

export interface PaperMatch {
  /** the dataset has every one of the paper's Table 1 systems (model, harness, accelerator and count) */
  isPaper: boolean;
  /** the dataset's systems as their identity reads (systemIdentity), in systems.csv order */
  models: string[];
  /** the models of the paper's Table 1 systems that the dataset has (Table 1's row labels) */
  shared: string[];
  /** the paper's Table 1 systems as their identity reads */
  paper: string[];
  /** the dataset's primary system is the paper's primary system (the paper's primary model on the paper's hardware) */
  primaryShared: boolean;
}

/**
 * How a dataset's systems match the paper's (see the file comment).
 * @example paperMatch(loadDataset('data/recorded/synthetic-small'), loadPublished()).isPaper // => false
 */
export function paperMatch(ds: Dataset, published: Published): PaperMatch {
  const systems = paperSystems(published);
  const table1 = systems.filter((p) => p.table1);
  const ours = paperTable1Systems(ds, published);
  const paperModelsList = paperModels(published);
  const shared = paperModelsList.filter((m) => [...ours.values()].includes(m));
  const primaryModel = ours.get(ds.manifest.primary_system);
  const paperPrimary = paperPrimaryModel(published);
  return {
    isPaper: hasPaperSystems(ds.rows.systems, systems),
    models: ds.rows.systems.map(systemIdentity),
    shared,
    paper: table1.map((p) => systemIdentity({ model: p.model, harness: p.harness, accelerator: p.accelerator, accelerator_count: p.acceleratorCount })),
    primaryShared: paperPrimary !== null && primaryModel === paperPrimary,
  };
}

/**
 * The checks that apply to a dataset that is not the paper's: a value was reproduced for the row
 * (the dataset has it), and the row is a Table 1 row of a shared system or, when the primary system is
 * the paper's, any other table's (the text's claims only on the paper's dataset). Every check applies to the paper's dataset.
 */
export function applicableChecks(rows: readonly Comparison[], match: PaperMatch): Comparison[] {
  if (match.isPaper) return [...rows];
  // the text's claims are about the paper's runs as a whole (four runs per task, 220 tasks): compared only on the paper's dataset
  return rows.filter((c) => c.status !== 'not reproduced' && (c.table === '1' ? match.shared.includes(c.row) : c.table !== 'text' && match.primaryShared));
}

/**
 * What the figures need to draw the paper's printed values (plots/published.ts): the published
 * numbers, Table 13's abbreviated category labels mapped to the dataset's (data/reference/occupations.csv
 * category_label; none without the reference) and the paper's systems (systems.csv). Pass it through
 * publishedFigureInputs(dataset, source), which gives the figures nothing unless the dataset is the paper's.
 * @example publishedFigureInputs(loadDataset('data/recorded/joules-to-gdp-reconstructed'), publishedFigureSource(loadPublished(), loadReference())).published !== undefined // => true
 */
export function publishedFigureSource(published: Published, reference: Pick<Reference, 'occupations'> | null | undefined): PublishedFigureSource {
  return { published, labels: new Map(reference?.occupations.map((o) => [o.categoryLabel, o.category]) ?? []), systems: paperSystems(published) };
}
