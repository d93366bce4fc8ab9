/**
 * Every paper figure the dataset supports, from one options object: the figure builders fed by the
 * row functions of rows.ts, with the dataset's colours and provenance caption. A figure the dataset
 * cannot support (no accelerator variants, no expert-with-AI reference, one attempt per task) is
 * listed with the reason instead of a spec, and a warning says so; so is one whose rows the dataset
 * cannot give (a run without the judgment the figure needs: the UnsupportedOutputError's message is the
 * reason). Any other error fails the caller.
 */
import { UnsupportedOutputError } from '../errors.ts';
import type { TableOptions } from '../tables/options.ts';
import { resolveContext, type ScenarioContext } from '../tables/context.ts';
import { differencesFor, differsWords, scenarioDifferences } from '../tables/paperScenario.ts';
import { FIGURE_IDS, figureEntry, type FigureId } from './registry.ts';
import { warn } from '../warn.ts';
import { weightSchemeName } from '../weights/schemes.ts';
import type { PlotSpec } from './spec.ts';
import type { FigureOptions } from './theme.ts';
import { figureCaption } from './captions.ts';
import { figure01c, figure01d } from './figure01.ts';
import { figure01a, figure01b, figure01Scale } from './figure01ab.ts';
import { figure02 } from './figure02.ts';
import { fitTopMargin, markProvenance } from './marks.ts';
import { publishedValuesFor, type PublishedValues } from './published.ts';
import type { Published } from '../published/load.ts';
import { loadEnergyScale, loadTaskTitles, type EnergyScale } from '../reference/constants.ts';
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
  acceleratorCountRows, acceleratorRows, benefitPerJouleRow, categoryRows, figure2Choice, figure2ChoiceWords, energyScaleRows, studyCountRows, taskAccountRow, hasJudgments, datasetColours, datasetSystemStyles, decompositionRows, outcomeRows,
  policyRows, provenanceOf, referenceRows, systemRows, weightRows,
} from './rows.ts';

export { FIGURE_IDS, FIGURES, figureEntry, type FigureEntry, type FigureId } from './registry.ts';

export type FigureResult = { id: FigureId; spec: PlotSpec } | { id: FigureId; skipped: string };

/** What a figure needs beside the scenario: a context (or table options) and the figures' own settings. */
export interface FigureSettings {
  /** which figures (default all) */
  figures?: readonly FigureId[];
  /** look and size, merged into every figure's options */
  figure?: FigureOptions;
  /** Figure 2's task id; null or absent: the paper's example when the system ran it (`figure2Choice`) */
  figure2Task?: string | null;
  /** Figure 1's energy scale and Figure 2's task titles; default read from data/reference/ (a browser passes them) */
  energyScale?: EnergyScale;
  taskTitles?: ReadonlyMap<string, { title: string }>;
  /** the resolved context to build under (shared with the tables, so its memo serves both) */
  context?: ScenarioContext;
  /**
   * The paper's printed numbers, given only when the dataset's systems are the paper's (report/paperDataset.ts):
   * a figure whose values the paper prints draws them beside the reproduced ones, under the paper's scenario only.
   */
  published?: Published;
  /** a printed row label -> the figure's (Table 13's abbreviated categories -> the dataset's; from data/reference/occupations.csv) */
  publishedLabels?: ReadonlyMap<string, string>;
}

/** Table options with figure settings, or `{ context, ...settings }`. */
export type PaperFigureOptions = FigureSettings & (TableOptions | { context: ScenarioContext; dataset?: undefined });

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
  const ctx = resolveContext(options.context ?? (options as TableOptions));
  try {
    // the provenance badge, drawn inside the figure (marks.ts), for every figure built here: a figure
    // computed under another scenario than the paper's is never "pinned by published numbers"
    const differs = differsWords(differencesFor(scenarioDifferences(ctx), figureEntry(id).dependsOn));
    const published = options.published && differs === null ? publishedValuesFor(id, options.published, options.publishedLabels) : null;
    const r = buildFigureOrThrow(id, ctx, options, published);
    // then the rows above the plot closed up: no empty band under the badge (marks.ts fitTopMargin)
    return 'spec' in r ? { id, spec: fitTopMargin(markProvenance(r.spec, id, provenanceOf(ctx.dataset), differs)) } : r;
  } catch (e) {
    if (!(e instanceof UnsupportedOutputError)) throw e;
    return { id, skipped: e.message };
  }
}

function buildFigureOrThrow(id: FigureId, ctx: ScenarioContext, settings: FigureSettings, published: PublishedValues | null): FigureResult {
  const options = ctx;
  const fo: FigureOptions = { provenance: provenanceOf(ctx.dataset), colours: datasetColours(ctx.dataset), systemStyles: datasetSystemStyles(ctx.dataset), ...figureCaption(id, ctx), ...(published ? { published } : {}), ...settings.figure };
  switch (id) {
    case '1a': return { id, spec: figure01a(benefitPerJouleRow(options), fo) };
    case '1b': return { id, spec: figure01b(studyCountRows(options), fo) };
    case '1scale': return { id, spec: figure01Scale(settings.energyScale ?? loadEnergyScale(), energyScaleRows(options), fo) };
    case '2': {
      const titles = settings.taskTitles ?? loadTaskTitles();
      const choice = figure2Choice(options, titles, settings.figure2Task);
      return { id, spec: figure02({ ...taskAccountRow({ ...options, taskId: choice.taskId, titles }), why: figure2ChoiceWords(choice) }, fo) };
    }
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
    case '9': return { id, spec: figure09(weightRows(options), { ...fo, scheme: weightSchemeName(ctx.weights) }) };
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
