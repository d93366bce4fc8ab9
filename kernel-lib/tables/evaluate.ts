/**
 * Components + weights + aggregates of one configuration, the shared step of every table builder.
 */
import { taskComponents, type TaskComponents } from '../metrics/taskComponents.ts';
import { occupationMeans, weightVector, weightedAverage, groupAverages, type Components, type OccupationMeans } from '../metrics/aggregate.ts';
import type { TableOptions } from './options.ts';
import { warn } from '../warn.ts';
import { currentDataset } from '../data/load.ts';
import { weightSchemeName } from '../weights/schemes.ts';

export interface Evaluation {
  components: TaskComponents;
  means: OccupationMeans;
  weights: Float64Array;
  benchmark: Components;
}

const warned = new WeakMap<object, Set<string>>();

export function evaluate(options: TableOptions): Evaluation {
  const components = taskComponents(options);
  if (components.tasksWithoutRuns.length) {
    const key = `${components.system}`;
    const set = warned.get(options.dataset) ?? new Set<string>();
    if (!set.has(key)) {
      warn(`${components.tasksWithoutRuns.length} task(s) have no run on ${components.system} and are left out of its averages (first: ${components.tasksWithoutRuns[0]})`);
      set.add(key);
      warned.set(options.dataset, set);
    }
  }
  const means = occupationMeans(components);
  const weights = weightVector(options.dataset, components.occupations, options.weights ?? 'gdp');
  return { components, means, weights, benchmark: weightedAverage(means, weights) };
}

/** Category of each evaluated occupation, aligned with `means.occupations`. */
export function categoriesOf(options: TableOptions, occupations: string[]): string[] {
  const cat = new Map(currentDataset(options.dataset).rows.occupations.map((o) => [o.occupation, o.category]));
  return occupations.map((o) => cat.get(o)!);
}

/**
 * The categories that have an average: those whose occupations weigh more than 0 in total, in name
 * order. A category whose every occupation has weight 0 (zero employment, a zero custom weight) has
 * W_c = 0 and no category average (section 2.5): it is left out of the category tables with a
 * warning naming it; its occupations still appear in Table 15.
 */
export function weightedCategories(options: TableOptions, ev: Evaluation): { categoryOf: string[]; names: string[] } {
  const categoryOf = categoriesOf(options, ev.means.occupations);
  const weight = new Map<string, number>();
  categoryOf.forEach((c, o) => weight.set(c, (weight.get(c) ?? 0) + ev.weights[o]));
  const names = [...weight.keys()].filter((c) => weight.get(c)! > 0).sort(byName);
  for (const [c, w] of [...weight].sort((a, b) => byName(a[0], b[0]))) {
    if (w > 0) continue;
    const occs = ev.means.occupations.filter((_, o) => categoryOf[o] === c);
    warn(`category ${c} has zero total weight under the ${weightSchemeName(options.weights ?? 'gdp')} weights (occupations: ${occs.join(', ')}), so it has no category average and is left out of the category tables`);
  }
  return { categoryOf, names };
}

/** Category averages of the categories with a positive weight (`weightedCategories`). */
export function categoryAverages(options: TableOptions, ev: Evaluation): Map<string, Components & { weight: number }> {
  const { categoryOf, names } = weightedCategories(options, ev);
  const keep = new Set(names);
  return groupAverages(ev.means, ev.weights, categoryOf, (o) => keep.has(categoryOf[o]));
}

/** Plain code-unit string order, the order the paper prints its category and occupation rows in. */
export function byName(a: string, b: string): number {
  return a < b ? -1 : a > b ? 1 : 0;
}
