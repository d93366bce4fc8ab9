/**
 * The registry of the paper's figures, beside the tables' (tables/registry.ts): for each, its id,
 * title, the context fields its values depend on, and what it needs from a dataset. The figure
 * builders (paperFigures.ts), the provenance badge (marks.ts), the explorer and the report read it.
 */
import type { ContextField } from '../tables/context.ts';

export const FIGURE_IDS = ['1a', '1b', '1c', '1d', '1scale', '2', '3', '4', '5', '6', '7', '9', '10', '11', '12'] as const;
export type FigureId = (typeof FIGURE_IDS)[number];

export interface FigureEntry {
  id: FigureId;
  title: string;
  /** the context fields its values depend on (the badge says "pinned" only when none differs from the paper) */
  dependsOn: readonly ContextField[];
  /** what it needs from a dataset, in words */
  needs: readonly string[];
}

const EVALUATION: readonly ContextField[] = ['system', 'judge', 'judgmentReference', 'timeReference', 'policy', 'tieCredit', 'weights', 'rates'];
const EVERY_SYSTEM: readonly ContextField[] = ['judge', 'judgmentReference', 'timeReference', 'policy', 'tieCredit', 'weights', 'rates'];

export const FIGURES: readonly FigureEntry[] = [
  { id: '1a', title: 'Figure 1(a): benefit per joule of one system', dependsOn: EVALUATION, needs: [] },
  { id: '1b', title: 'Figure 1(b): what the study compares', dependsOn: [], needs: [] },
  { id: '1c', title: 'Figure 1(c): categories ranked', dependsOn: EVALUATION, needs: [] },
  { id: '1d', title: 'Figure 1(d): value against energy per model', dependsOn: ['judge', 'judgmentReference', 'timeReference', 'policy', 'tieCredit'], needs: ['a system with positive output value'] },
  { id: '1scale', title: 'Figure 1: task energy on an everyday scale', dependsOn: ['system', 'policy', 'weights'], needs: [] },
  { id: '2', title: 'Figure 2: one task\'s accounting', dependsOn: ['system', 'judge', 'judgmentReference', 'timeReference', 'policy', 'tieCredit', 'rates'], needs: [] },
  { id: '3', title: 'Figure 3: category rankings', dependsOn: EVALUATION, needs: [] },
  { id: '4', title: 'Figure 4: the two references', dependsOn: ['system', 'judge', 'policy', 'tieCredit', 'weights', 'rates'], needs: ['expert-with-AI judgments and times'] },
  { id: '5', title: 'Figure 5: models compared', dependsOn: EVERY_SYSTEM, needs: [] },
  { id: '6', title: 'Figure 6: one model on different accelerators', dependsOn: EVERY_SYSTEM, needs: ['a model on two accelerator types'] },
  { id: '7', title: 'Figure 7: one model on different accelerator counts', dependsOn: EVERY_SYSTEM, needs: ['a model on two accelerator counts'] },
  { id: '9', title: 'Figure 9: occupation weights', dependsOn: ['weights'], needs: [] },
  { id: '10', title: 'Figure 10: attempt policies', dependsOn: ['system', 'judge', 'tieCredit', 'weights', 'rates'], needs: ['two or more attempts per task'] },
  { id: '11', title: 'Figure 11: time saving by threshold', dependsOn: ['system', 'judge', 'weights'], needs: ['expert-with-AI judgments and times'] },
  { id: '12', title: 'Figure 12: outcome shares per model', dependsOn: ['judge', 'judgmentReference'], needs: [] },
];

/** The figures beyond the paper's (issue #26: which conclusions survive every analysis choice and source of noise). */
export const ROBUSTNESS_FIGURE_IDS = ['spec-curve', 'spread', 'budget'] as const;
export type RobustnessFigureId = (typeof ROBUSTNESS_FIGURE_IDS)[number];

/**
 * Their entries, beside the paper's: built by kernel-lib/robustness (multiverseCurve, budgetFigure) from
 * a multiverse or an uncertainty budget, drawn by notebooks/13-robustness.ipynb and `j2g multiverse`,
 * and shown in the report's "How robust is it?" section (from the notebook's run, so nothing is
 * computed twice). Neither is ever compared with a published number.
 */
export const ROBUSTNESS_FIGURES: readonly (Omit<FigureEntry, 'id'> & { id: RobustnessFigureId })[] = [
  { id: 'spec-curve', title: 'Specification curve: the primary system\'s NVJ under every analysis choice (Simonsohn, Simmons and Nelson 2020)', dependsOn: ['system', 'bootstrap'], needs: ['two or more specifications the dataset supports'] },
  { id: 'spread', title: 'Spread by choice: the share of the variance of the primary system\'s NVJ and TSJ over the specifications that each analysis choice explains (eta squared)', dependsOn: ['system', 'bootstrap'], needs: ['two or more specifications the dataset supports'] },
  { id: 'budget', title: 'Uncertainty budget: each interval\'s width with tasks only, then each source of noise added', dependsOn: ['system', 'judge', 'judgmentReference', 'timeReference', 'policy', 'tieCredit', 'weights', 'rates', 'bootstrap'], needs: ['a bootstrap (draws >= 1)'] },
];

/** The registry entry of figure `id` (a paper figure's, or a robustness figure's). */
export function figureEntry(id: string): FigureEntry | (typeof ROBUSTNESS_FIGURES)[number] {
  const e = FIGURES.find((f) => f.id === id) ?? ROBUSTNESS_FIGURES.find((f) => f.id === id);
  if (!e) throw new Error(`no figure ${JSON.stringify(id)} (paper figures: ${FIGURE_IDS.join(', ')}; robustness figures: ${ROBUSTNESS_FIGURE_IDS.join(', ')})`);
  return e;
}
