/**
 * Whether a dataset is the paper's, decided on data (issue #11, "a report about the dataset it was
 * given"): the paper's systems are the rows of its Table 1 (data/published/table01.csv, one row per
 * model), a dataset's systems are its models (systems.csv `model`, one system per model as Table 1
 * picks them: plots/rows.ts modelSystems). The dataset is the paper's when it has every one of the
 * paper's models; the name of its directory plays no part.
 *
 * For any other dataset only the published values about rows it shares can be compared: Table 1
 * rows of the models it has, and (when its primary system is the paper's primary model) the
 * primary-system tables (2, 5, 13-22) and the text, where the dataset has the row (category,
 * occupation, reference pair, policy). The paper's primary model is found on data too: the Table 1
 * row whose NVJ is Table 17's expert-only/expert-only NVJ (both are the primary system's pass@1 benchmark).
 */
import type { Dataset } from '../data/load.ts';
import type { Published } from '../published/load.ts';
import { modelSystems } from '../plots/rows.ts';
import type { Comparison } from './compare.ts';

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
  /** the dataset has every model of the paper's Table 1 */
  isPaper: boolean;
  /** the dataset's models (one per model, as Table 1 picks them), in systems.csv order */
  models: string[];
  /** the paper's models that the dataset has */
  shared: string[];
  /** the paper's models */
  paper: string[];
  /** the dataset's primary system's model is the paper's primary model */
  primaryShared: boolean;
}

/**
 * How a dataset's systems match the paper's (see the file comment).
 * @example paperMatch(loadDataset('data/recorded/synthetic-small'), loadPublished()).isPaper // => false
 */
export function paperMatch(ds: Dataset, published: Published): PaperMatch {
  const models = [...new Set(modelSystems(ds).values())];
  const paper = paperModels(published);
  const shared = paper.filter((m) => models.includes(m));
  const primaryModel = ds.rows.systems.find((s) => s.system === ds.manifest.primary_system)?.model;
  const paperPrimary = paperPrimaryModel(published);
  return { isPaper: paper.length > 0 && shared.length === paper.length, models, shared, paper, primaryShared: paperPrimary !== null && primaryModel === paperPrimary };
}

/**
 * The checks that apply to a dataset that is not the paper's: a value was reproduced for the row
 * (the dataset has it), and the row is a Table 1 row of a shared model or, when the primary model is
 * shared, any other table's or the text's. Every check applies to the paper's dataset.
 */
export function applicableChecks(rows: readonly Comparison[], match: PaperMatch): Comparison[] {
  if (match.isPaper) return [...rows];
  return rows.filter((c) => c.status !== 'not reproduced' && (c.table === '1' ? match.shared.includes(c.row) : match.primaryShared));
}
