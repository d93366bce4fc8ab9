/**
 * Every published number of the paper (tables 1, 2, 5, 13-22 and the text) beside the value
 * reproduced from a dataset, for the report and the notebooks.
 *
 * The matching of built tables to the paper's labels and the status rules are kernel-lib/compare's
 * (`reproducedCells`, `textClaimCells`, `compareWithPublished`: point estimates must print as
 * published; interval endpoints and Table 16 within 15%). This module supplies what that needs from
 * any dataset (which system is which Table 1 row, which judge is "Gemini"), adds the text claims
 * that compare does not cover (textClaims.ts), and lists every published number the dataset cannot
 * give as "not reproduced", so that nothing printed in the paper is silently missing.
 *
 * By construction: a reconstructed dataset was calibrated to every table cell and to the text claims
 * that kernel-lib/compare computes (scripts/reconstruct), and every other value it gives is arithmetic
 * on those or a copy of the reference data; those values check the reconstruction, not the paper,
 * and do not fail reproduce. A dataset can also list values in `by_construction.csv`
 * (`table,row,column`, `*` matching anything).
 */
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import type { ColumnTable } from 'arquero';
import type { Dataset } from '../data/load.ts';
import { readCsv } from '../io/csv.ts';
import type { Published } from '../published/load.ts';
import type { Reference } from '../reference/load.ts';
import { compareWithPublished, reproducedCells, textClaimCells, type CellLabels, type ReproducedCell } from '../compare/index.ts';
import { evaluableSystemSummaries } from '../tables/table01.ts';
import type { TableOptions } from '../tables/options.ts';
import { resolveContext, type ScenarioContext } from '../tables/context.ts';
import { PAPER_FIELDS, differencesFor, differsWords, scenarioDifferences } from '../tables/paperScenario.ts';
import { TABLES } from '../tables/registry.ts';
import type { Comparison } from './compare.ts';
import { modelSystems } from '../plots/rows.ts';
import { paperTable1Systems } from './paperDataset.ts';

const JUDGE_WORDS: [RegExp, string][] = [[/gemini/i, 'Gemini'], [/haiku/i, 'Haiku'], [/gpt-5[- ]mini/i, 'GPT-5 mini']];

/** Judge id -> the name Table 2 prints ("Gemini", "Haiku", "GPT-5 mini"), for judges whose id says which. */
export function judgeLabels(ds: Dataset): Map<string, string> {
  const out = new Map<string, string>();
  for (const j of new Set(ds.rows.judgments.map((r) => r.judge))) {
    const word = JUDGE_WORDS.find(([re]) => re.test(j))?.[1];
    if (word) out.set(j, word);
  }
  return out;
}

/** The systems the text's claims are about, found by model (and hardware for the Qwen pair). */
export function claimRoles(ds: Dataset, primary: string) {
  const find = (model: string, accelerator?: RegExp, count?: number) => ds.rows.systems.find((s) =>
    s.model === model && (accelerator === undefined || (accelerator.test(s.accelerator) && s.accelerator_count === count)))?.system;
  return {
    primary,
    gemma: find('Gemma 4 31B'),
    oss120: find('GPT-OSS 120B'),
    qwenEight: find('Qwen3.6-27B', /H100/, 8),
    qwenOne: find('Qwen3.6-27B', /H100/, 1),
  };
}

/**
 * How the dataset's ids map to the paper's printed labels (categories as Tables 5, 13 and 14 print
 * them, one system per Table 1 model, judges by name): the one mapping of the checks and of the
 * provenance marks of table cells (cellProvenance.ts).
 */
export function cellLabels(ds: Dataset, reference?: Reference | null, published?: Pick<Published, 'dir'>): CellLabels {
  return {
    category: new Map(reference?.occupations.map((o) => [o.category, o.categoryLabel]) ?? []),
    // with the paper's systems at hand, a Table 1 row is matched by system identity (model, harness,
    // accelerator and count), never by model name alone (issue #28)
    system: published ? paperTable1Systems(ds, published) : modelSystems(ds),
    judge: judgeLabels(ds),
  };
}

type Rule = (table: string, row: string, column: string) => boolean;

/** The dataset's by_construction.csv, if any (see the module comment). */
export function readByConstruction(dir: string): Rule {
  const path = join(dir, 'by_construction.csv');
  if (!existsSync(path)) return () => false;
  const rules = readCsv(path).rows.map((r) => r.values);
  return (table, row, column) => rules.some((r) =>
    r.table === table && (r.row === '*' || r.row === row) && (r.column === '*' || r.column === column));
}

/**
 * The fields a published number of `table` ('1' ... '22', or 'text': every field a claim may rest on)
 * in `column` depends on: `noise` moves only interval endpoints (`nvj_lo`, or as printed `NVJ [95% CI] lo`).
 */
function dependsOnOf(table: string, column: string): readonly string[] {
  const fields = TABLES.find((t) => t.number === table)?.dependsOn ?? PAPER_FIELDS.filter((f) => f !== 'winTieInterval' && f !== 'noise');
  return /[_ ](lo|hi)$/.test(column) ? fields : fields.filter((f) => f !== 'noise');
}

export interface CheckOptions extends TableOptions {
  /** the resolved context the tables were built under (else resolved from the options) */
  context?: ScenarioContext;
  published: Published;
  /** built tables by name (table01, ...), as `paperTables` returns them */
  tables: Record<string, ColumnTable>;
  /** for category labels as printed; without it categories must match the printed labels */
  reference?: Reference | null;
  /** extra text-claim cells (textClaims.ts) */
  extraClaims?: ReproducedCell[];
}

/** One comparison per published number, tables in number order then the text, in file order. */
export function reproductionChecks(options: CheckOptions): Comparison[] {
  const ctx = resolveContext(options.context ?? options);
  const ds = ctx.dataset;
  const primary = ctx.system;
  const judge = ctx.judge;
  const labels = cellLabels(ds, options.reference, options.published);
  const computedClaims = textClaimCells(evaluableSystemSummaries(ctx), claimRoles(ds, primary), options.tables.table02, { main: judge, human: 'human' }, options.tables.table18);
  const targeted = new Set(computedClaims.map((c) => c.row));
  const extra = (options.extraClaims ?? []).filter((c) => !targeted.has(c.row));
  const fromFile = readByConstruction(ds.dir);
  const reconstructed = ds.manifest.provenance === 'reconstructed';
  // A reconstructed dataset was calibrated to every table cell and to the claims compare computes;
  // every other number it gives is arithmetic on those cells (the section 3.1 comparisons, K.2's
  // split of Table 22's hours) or a copy of the reference data (220 tasks, 44 occupations, 13
  // categories, 9 sectors): all hold by construction, none is evidence about the paper.
  const byConstruction = (c: { table: string; row: string; column: string }) =>
    fromFile(c.table, c.row, c.column) || reconstructed;
  const differences = scenarioDifferences(ctx);
  const rows = compareWithPublished([...reproducedCells(options.tables, labels), ...computedClaims, ...extra], options.published, { byConstruction });
  const found = new Map(rows.map((r) => [`${r.table}\u0000${r.row}\u0000${r.column}`, r]));

  const out: Comparison[] = [];
  const push = (table: string, row: string, column: string, value: number, printed: string) => {
    const r = found.get(`${table}\u0000${row}\u0000${table === 'text' ? 'value' : column}`);
    out.push(r
      // a value not reproduced (not found, or found without a number: an interval bound when the
      // bootstrap is off) holds in no way, by construction or otherwise: marking it would make
      // checks.csv count more by-construction values than the report's banner (issue #24: 702 against 687)
      ? { table, row, column, reproduced: r.reproduced, published: r.published, printed: r.printed, status: r.status, byConstruction: r.reproduced !== null && r.byConstruction,
        difference: r.reproduced === null ? null : r.reproduced - r.published }
      : { table, row, column, reproduced: null, published: value, printed, status: 'not reproduced', difference: null, byConstruction: false });
  };
  const ids = [...options.published.tables.keys()].sort((a, b) => Number(a) - Number(b));
  for (const id of ids) for (const c of options.published.tables.get(id)!.values()) push(id, c.row, c.column, c.value, c.printed);
  for (const c of options.published.claims.values()) push('text', c.claimId, c.quote, c.value, c.printed);
  return out.map((r) => {
    // a value computed under another scenario than the paper's, in a field it depends on, is not compared
    const why = differsWords(differencesFor(differences, dependsOnOf(r.table, r.column)));
    return why === null ? r : { ...r, status: 'differs from the paper' as const, reason: why, difference: null };
  });
}
