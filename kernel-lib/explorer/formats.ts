/**
 * The table formats the explorer's build writes for the page (data/formats.json, read in the browser,
 * which cannot read data/published/): the decimals the paper prints per table column (the report's
 * printedDecimalsByColumn) and, for a reconstructed dataset, which cells of each table no published
 * number pins (the report's cellProvenance, the † of out/tables/*.md), under the paper's scenario.
 * Node only: the page imports tableFormat.ts, never this file.
 */
import type { Dataset } from '../data/load.ts';
import type { Published } from '../published/load.ts';
import type { Reference } from '../reference/load.ts';
import { cellProvenance, cellProvenanceNote, unconstrainedKeys } from '../report/cellProvenance.ts';
import { printedDecimalsByColumn } from '../report/markdown.ts';
import { TABLES } from '../tables/registry.ts';
import { resolveContext } from '../tables/context.ts';
import { UnsupportedOutputError } from '../errors.ts';
import type { TableFormats } from './tableFormat.ts';
import type { ScenarioContext } from '../tables/context.ts';

/**
 * Decimals and † marks of every table of each dataset under its context (the paper's scenario with
 * Table 5's sweep). Decimals are the paper's, the same for every dataset; marks are per dataset id.
 */
export function tableFormats(datasets: readonly { id: string; ds: Dataset; context: ScenarioContext }[], published: Published, reference: Reference | null): TableFormats {
  const out: TableFormats = { decimals: {}, marks: {} };
  for (const { id, ds, context } of datasets) {
    const ctx = resolveContext(context);
    const marks: TableFormats['marks'][string] = {};
    for (const { name, build } of TABLES) {
      let table;
      try {
        table = build(ctx);
      } catch (e) {
        if (e instanceof UnsupportedOutputError) continue;
        throw e;
      }
      out.decimals[name] = { ...printedDecimalsByColumn(name, table, published), ...out.decimals[name] };
      const p = cellProvenance(ds, name, table, published, reference, ctx.judge);
      if (p && p.unconstrained > 0) marks[name] = { keys: [...unconstrainedKeys(p)], note: cellProvenanceNote(p) };
    }
    if (Object.keys(marks).length) out.marks[id] = marks;
  }
  return out;
}
