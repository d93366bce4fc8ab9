/**
 * Components + weights + aggregates of one configuration, the shared step of every table builder.
 */
import { taskComponents, type TaskComponents } from '../metrics/taskComponents.ts';
import { componentsKey, memoized, resolveContext, type ScenarioContext } from './context.ts';
import { componentsMemoKey, refuseInJavaScript } from './componentSource.ts';
import { occupationMeans, weightVector, weightedAverage, groupAverages, type Components, type OccupationMeans } from '../metrics/aggregate.ts';
import type { TableOptions } from './options.ts';
import { warn } from '../warn.ts';
import { weightSchemeName } from '../weights/schemes.ts';

export interface Evaluation {
  components: TaskComponents;
  means: OccupationMeans;
  weights: Float64Array;
  benchmark: Components;
}

const warned = new WeakMap<object, Set<string>>();

/**
 * One configuration evaluated: per-task components (`taskComponents`), occupation means X_o / n_o,
 * the occupation weights w_o (summing to 1) and the benchmark average X~ = sum_o w_o X_o / n_o of every
 * component (credit as a fraction, valueUSD and costUSD in USD, energyMJ in MJ, aiHours and
 * timeSavingHours in hours). Warns once per dataset and system when tasks have no run.
 * // Joules-to-GDP section 2.5, X~^GDP = sum_c W_c X~_c
 * @example evaluate({ dataset: loadDataset('data/recorded/synthetic-small') }).benchmark.valueUSD // => 52
 */
export function evaluate(options: TableOptions | ScenarioContext): Evaluation {
  const ctx = resolveContext(options);
  return memoized(ctx, ['evaluation', componentsKey(ctx), ctx.weights], () => {
    const components = componentsOf(ctx);
    if (components.tasksWithoutRuns.length) {
      const key = `${components.system}`;
      const set = warned.get(ctx.dataset) ?? new Set<string>();
      if (!set.has(key)) {
        warn(`${components.tasksWithoutRuns.length} task(s) have no run on ${components.system} and are left out of its averages (first: ${components.tasksWithoutRuns[0]})`);
        set.add(key);
        warned.set(ctx.dataset, set);
      }
    }
    const means = occupationMeans(components);
    const weights = weightVector(ctx.dataset, components.occupations, ctx.weights);
    return { components, means, weights, benchmark: weightedAverage(means, weights) };
  });
}

/**
 * The per-task components of a context (`taskComponents`), computed once per context family and
 * shared by every table and figure built from it. Treat them as read-only.
 */
export function componentsOf(options: TableOptions | ScenarioContext): TaskComponents {
  const ctx = resolveContext(options);
  return memoized(ctx, componentsMemoKey(ctx), () => {
    refuseInJavaScript(ctx); // components from another engine (componentSource.ts): never computed here
    return taskComponents(ctx);
  });
}

/**
 * Category (the dataset's `category`, one of the paper's 13 O*NET-SOC groups) of each occupation in
 * `occupations`, in the same order (aligned with `means.occupations`). No quantity, no units.
 * @example categoriesOf({ dataset: loadDataset('data/recorded/synthetic-small') }, ['occA', 'occC']) // => ['Cat1', 'Cat2']
 */
export function categoriesOf(options: TableOptions | ScenarioContext, occupations: string[]): string[] {
  const cat = new Map(resolveContext(options).dataset.rows.occupations.map((o) => [o.occupation, o.category]));
  return occupations.map((o) => cat.get(o)!);
}

/**
 * The categories that have an average: those whose occupations weigh more than 0 in total, in name
 * order. A category whose every occupation has weight 0 (zero employment, a zero custom weight) has
 * W_c = 0 and no category average (section 2.5): it is left out of the category tables with a
 * warning naming it; its occupations still appear in Table 15.
 * W_c = sum_{o in c} w_o (dimensionless, a share of the total weight).
 * // Joules-to-GDP section 2.5, W_c in X~_c = sum_{o in c} (w_o / W_c) X_o / n_o
 * Returns `categoryOf` (aligned with `ev.means.occupations`) and `names`.
 * @example
 * const ds = loadDataset('data/recorded/synthetic-small');
 * weightedCategories({ dataset: ds }, evaluate({ dataset: ds })).names // => ['Cat1', 'Cat2']
 */
export function weightedCategories(options: TableOptions | ScenarioContext, ev: Evaluation): { categoryOf: string[]; names: string[] } {
  const ctx = resolveContext(options);
  const categoryOf = categoriesOf(ctx, ev.means.occupations);
  const weight = new Map<string, number>();
  categoryOf.forEach((c, o) => weight.set(c, (weight.get(c) ?? 0) + ev.weights[o]));
  const names = [...weight.keys()].filter((c) => weight.get(c)! > 0).sort(byName);
  for (const [c, w] of [...weight].sort((a, b) => byName(a[0], b[0]))) {
    if (w > 0) continue;
    const occs = ev.means.occupations.filter((_, o) => categoryOf[o] === c);
    warn(`category ${c} has zero total weight under the ${weightSchemeName(ctx.weights)} weights (occupations: ${occs.join(', ')}), so it has no category average and is left out of the category tables`);
  }
  return { categoryOf, names };
}

/**
 * Category averages X~_c = sum_{o in c} (w_o / W_c) X_o / n_o of every component, in each component's
 * units, with `weight` W_c, for the categories with a positive weight (`weightedCategories`).
 * // Joules-to-GDP section 2.5
 */
export function categoryAverages(options: TableOptions | ScenarioContext, ev: Evaluation): Map<string, Components & { weight: number }> {
  const { categoryOf, names } = weightedCategories(options, ev);
  const keep = new Set(names);
  return groupAverages(ev.means, ev.weights, categoryOf, (o) => keep.has(categoryOf[o]));
}

/** Plain code-unit string order, the order the paper prints its category and occupation rows in. */
export function byName(a: string, b: string): number {
  return a < b ? -1 : a > b ? 1 : 0;
}
