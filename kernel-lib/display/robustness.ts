/**
 * The robustness notebook's steps (notebooks/13-robustness), so that it stays thin: the multiverse of
 * analysis choices on draws shared by every specification, and the uncertainty budget, each run with
 * its repeated warnings counted rather than printed (the same "left out of Table 1" recurs in many
 * specifications), and the budget's rows as a table.
 */
import * as aq from 'arquero';
import type { ColumnTable } from 'arquero';
import { multiverse, type MultiverseResult } from '../robustness/multiverse.ts';
import { pairingWords } from '../robustness/files.ts';
import { uncertaintyBudget, type BudgetRow } from '../robustness/budget.ts';
import { withScenario, type ScenarioContext } from '../tables/context.ts';
import { provenanceOf } from '../plots/rows.ts';
import type { Provenance } from '../plots/theme.ts';
import { onWarning } from '../warn.ts';
import type { Notebook } from './notebook.ts';

/** `fn` with warnings silenced (they are still counted by warn.ts), the listener restored after. */
function quietly<T>(fn: () => T): T {
  const previous = onWarning(null);
  try {
    return fn();
  } finally {
    onWarning(previous);
  }
}

/**
 * The multiverse of a notebook's scenario: `grid` (null: the default grid), at most `draws` shared draws
 * (null: the scenario's). Prints how many specifications, how they pair, and how many distinct warnings
 * were counted; returns the result, the context it was computed from and the dataset's provenance.
 */
export function notebookMultiverse(nb: Notebook, options: { grid?: unknown; draws?: number | null } = {}): { result: MultiverseResult; base: ScenarioContext; provenance: Provenance } {
  const draws = options.draws ?? null;
  const base = draws === null ? nb.options : withScenario(nb.options, { bootstrap: { draws: Math.min(draws, nb.scenario.draws), seed: nb.scenario.seed } });
  const result = quietly(() => multiverse(base, options.grid ?? undefined));
  const supported = result.specs.filter((s) => s.unsupported === null).length;
  console.log(`${result.specs.length} specifications, ${supported} supported; ${result.conclusions.length} conclusions`);
  console.log(pairingWords(result));
  console.log(`${result.warnings.length} distinct warnings (systems left out of a specification's Table 1, and why) are in result.warnings.`);
  return { result, base, provenance: provenanceOf(nb.dataset) };
}

/** The uncertainty budget of a context (meter errors eps per run and beta per system, relative), warnings counted. */
export function notebookBudget(base: ScenarioContext, meter: { eps: number; beta: number }): BudgetRow[] {
  return quietly(() => uncertaintyBudget(base, meter));
}

/** The budget's rows of one scope (`table01`, `table13`) as a table: widths with each source added, and each source's share of the variance. */
export function budgetTable(budget: readonly BudgetRow[], scope = 'table01'): ColumnTable {
  return aq.from(budget.filter((r) => r.scope === scope).map((r) => ({
    row: r.row, metric: r.metric, estimate: r.estimate,
    width_tasks: r.width.tasks, width_attempts: r.width.attempts, width_grading: r.width.grading, width_meter: r.width.meter, width_all: r.width.all,
    share_tasks: r.share?.tasks ?? null, share_attempts: r.share?.attempts ?? null, share_grading: r.share?.grading ?? null, share_meter: r.share?.meter ?? null,
  })));
}
