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
import { leaveOut, type LeaveOutResult, type LeaveOutUnit } from '../robustness/leaveOut.ts';
import { withScenario, type ScenarioContext } from '../tables/context.ts';
import { provenanceOf } from '../plots/rows.ts';
import type { Provenance } from '../plots/theme.ts';
import { onWarning } from '../warn.ts';
import { checkParameters, NotebookError, openNotebook, type Notebook, type NotebookParameters } from './notebook.ts';
import { checkGrid } from '../robustness/grid.ts';
import { J2GError } from '../errors.ts';

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
  if (draws !== null && !(Number.isSafeInteger(draws) && draws >= 1)) throw new NotebookError(`parameter multiverseDraws: ${JSON.stringify(draws)} is not allowed (expected an integer >= 1, or null: the scenario's draws)`);
  const base = draws === null ? nb.options : withScenario(nb.options, { bootstrap: { draws: Math.min(draws, nb.scenario.draws), seed: nb.scenario.seed } });
  const result = quietly(() => multiverse(base, options.grid ?? undefined));
  const supported = result.specs.filter((s) => s.unsupported === null).length;
  console.log(`${result.specs.length} specifications, ${supported} supported; ${result.conclusions.length} conclusions`);
  console.log(pairingWords(result));
  console.log(`${result.warnings.length} distinct warnings (systems left out of a specification's Table 1, and why) are in result.warnings.`);
  return { result, base, provenance: provenanceOf(nb.dataset) };
}

/** Leave each occupation (or category) out of the notebook's scenario in turn (robustness/leaveOut.ts), warnings counted. */
export function notebookLeaveOut(base: ScenarioContext, by: LeaveOutUnit): LeaveOutResult {
  return quietly(() => leaveOut(base, by));
}

/** The uncertainty budget of a context (meter errors eps per run and beta per system, relative), warnings counted. */
export function notebookBudget(base: ScenarioContext, meter: { eps: number; beta: number }): BudgetRow[] {
  return quietly(() => uncertaintyBudget(base, meter));
}

/** The budget's rows of one scope (`table01`, `table13`) as a table: widths with each source added, each source's Shapley share of the variance (summing to 1), and what a negative share means. */
export function budgetTable(budget: readonly BudgetRow[], scope = 'table01'): ColumnTable {
  return aq.from(budget.filter((r) => r.scope === scope).map((r) => ({
    row: r.row, metric: r.metric, estimate: r.estimate,
    width_tasks: r.width.tasks, width_attempts: r.width.attempts, width_grading: r.width.grading, width_meter: r.width.meter, width_all: r.width.all,
    share_tasks: r.share?.tasks ?? null, share_attempts: r.share?.attempts ?? null, share_grading: r.share?.grading ?? null, share_meter: r.share?.meter ?? null,
    note: r.note,
  })));
}

/** The robustness notebook's own parameters: the grid (null: the default grid), the shared draws (null: the scenario's) and the budget's meter errors. */
export interface RobustnessParameters {
  grid: unknown;
  multiverseDraws: unknown;
  meter: unknown;
}

/**
 * The parameters cell of 13-robustness checked: the scenario's parameters (checkParameters), then the
 * notebook's own, each bad value one line naming the parameter and what is allowed (NotebookError):
 * `grid` null or a grid of the dataset (robustness/grid.ts checkGrid), `multiverseDraws` null or an
 * integer >= 1, `meter` {eps, beta} relative standard deviations >= 0. Returns nothing.
 * @example checkRobustnessParameters({ data: 'data/recorded/synthetic-small' }, { grid: null, multiverseDraws: -5, meter: { eps: 0.05, beta: 0.02 } }) // throws parameter multiverseDraws: -5 is not allowed
 */
export function checkRobustnessParameters(parameters: NotebookParameters, own: RobustnessParameters, env: NodeJS.ProcessEnv = process.env, log?: (line: string) => void): void {
  checkParameters(parameters, env, log);
  const bad = (name: string, value: unknown, expected: string) => new NotebookError(`parameter ${name}: ${JSON.stringify(value) ?? String(value)} is not allowed (expected ${expected})`);
  const { grid, multiverseDraws: draws, meter } = own;
  if (draws !== null && !(Number.isSafeInteger(draws) && (draws as number) >= 1)) throw bad('multiverseDraws', draws, 'an integer >= 1, or null: the scenario\'s draws');
  const m = meter as Record<string, unknown> | null;
  const sd = (x: unknown) => typeof x === 'number' && Number.isFinite(x) && x >= 0;
  if (m === null || typeof m !== 'object' || Array.isArray(m) || Object.keys(m).some((k) => k !== 'eps' && k !== 'beta') || !sd(m.eps) || !sd(m.beta)) {
    throw bad('meter', meter, '{ eps: relative standard deviation per run >= 0, beta: relative standard deviation per system >= 0 }');
  }
  if (grid === null) return;
  try {
    checkGrid(grid, openNotebook(parameters, env).options);
  } catch (e) {
    if (!(e instanceof J2GError)) throw e;
    throw new NotebookError(`parameter grid: ${e.message.replace(/^invalid grid:? ?/, '')}`);
  }
}
