/**
 * Every paper figure the dataset supports, from one options object: the figure builders fed by the
 * row functions of rows.ts, with the dataset's colours and provenance caption. A figure the dataset
 * cannot support (no accelerator variants, no expert-with-AI reference, one attempt per task) is
 * listed with the reason instead of a spec, and a warning says so; so is one whose rows the dataset
 * cannot give (a run without the judgment the figure needs: the J2GError's message is the reason).
 */
import { J2GError } from '../errors.ts';
import type { TableOptions } from '../tables/options.ts';
import { warn } from '../warn.ts';
import { weightSchemeName } from '../weights/schemes.ts';
import type { PlotSpec } from './spec.ts';
import type { FigureOptions } from './theme.ts';
import { figureCaption } from './captions.ts';
import { figure01c, figure01d } from './figure01.ts';
import { figure03 } from './figure03.ts';
import { figure04 } from './figure04.ts';
import { figure05 } from './figure05.ts';
import { figure06 } from './figure06.ts';
import { figure07 } from './figure07.ts';
import { figure09 } from './figure09.ts';
import { figure10, type PolicyRow } from './figure10.ts';
import { figure11 } from './figure11.ts';
import { figure12 } from './figure12.ts';
import {
  acceleratorCountRows, acceleratorRows, categoryRows, hasJudgments, datasetColours, decompositionRows, outcomeRows,
  policyRows, provenanceOf, referenceRows, systemRows, weightRows,
} from './rows.ts';

export const FIGURE_IDS = ['1c', '1d', '3', '4', '5', '6', '7', '9', '10', '11', '12'] as const;
export type FigureId = (typeof FIGURE_IDS)[number];

export type FigureResult = { id: FigureId; spec: PlotSpec } | { id: FigureId; skipped: string };

export interface PaperFigureOptions extends TableOptions {
  /** which figures (default all) */
  figures?: readonly FigureId[];
  /** look and size, merged into every figure's options */
  figure?: FigureOptions;
}

/** Build one paper figure from a dataset. Throws on a figure the dataset cannot support. */
export function paperFigure(id: FigureId, options: PaperFigureOptions): PlotSpec {
  const r = buildFigure(id, options);
  if ('skipped' in r) throw new Error(`Figure ${id}: ${r.skipped}`);
  return r.spec;
}

/** Build every figure (or `options.figures`), in paper order. */
export function paperFigures(options: PaperFigureOptions): FigureResult[] {
  return (options.figures ?? FIGURE_IDS).map((id) => {
    const r = buildFigure(id, options);
    if ('skipped' in r) warn(`Figure ${id} skipped: ${r.skipped}`);
    return r;
  });
}

function buildFigure(id: FigureId, options: PaperFigureOptions): FigureResult {
  try {
    return buildFigureOrThrow(id, options);
  } catch (e) {
    if (!(e instanceof J2GError)) throw e;
    return { id, skipped: e.message };
  }
}

function buildFigureOrThrow(id: FigureId, options: PaperFigureOptions): FigureResult {
  const fo: FigureOptions = { provenance: provenanceOf(options.dataset), colours: datasetColours(options.dataset), ...figureCaption(id, options), ...options.figure };
  switch (id) {
    case '1c': return { id, spec: figure01c(categoryRows(options), fo) };
    case '1d': {
      const rows = systemRows(options);
      return rows.some((r) => r.valueUSD > 0) ? { id, spec: figure01d(rows, fo) }
        : { id, skipped: 'no system has a positive total output value (every judged attempt 1 is a loss), so there is nothing to draw on log scales' };
    }
    case '3': return { id, spec: figure03(categoryRows(options), fo) };
    case '4': {
      const rows = referenceRows(options);
      return rows.length < 2 ? { id, skipped: 'needs expert_only and expert_with_ai judgments and reference times' } : { id, spec: figure04(rows, fo) };
    }
    case '5': return { id, spec: figure05(systemRows(options), fo) };
    case '6': {
      const g = acceleratorRows(options);
      return g ? { id, spec: figure06(g.rows, { ...fo, model: g.model }) } : { id, skipped: 'no model runs on two accelerator types' };
    }
    case '7': {
      const g = acceleratorCountRows(options);
      return g ? { id, spec: figure07(g.rows, { ...fo, model: g.model }) } : { id, skipped: 'no model runs on two accelerator counts' };
    }
    case '9': return { id, spec: figure09(weightRows(options), { ...fo, scheme: weightSchemeName(options.weights ?? 'gdp') }) };
    case '10': {
      const rows: PolicyRow[] = policyRows(options);
      return rows.length < 4 ? { id, skipped: 'needs at least two attempts per task' } : { id, spec: figure10(rows, fo) };
    }
    case '11': {
      if (!hasJudgments(options, 'expert_with_ai')) return { id, skipped: 'needs the expert_with_ai reference' };
      return { id, spec: figure11(decompositionRows(options), fo) };
    }
    case '12': return { id, spec: figure12(outcomeRows(options), fo) };
  }
}
