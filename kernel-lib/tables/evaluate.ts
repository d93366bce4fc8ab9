/**
 * Components + weights + aggregates of one configuration, the shared step of every table builder.
 */
import { taskComponents, type TaskComponents } from '../metrics/taskComponents.ts';
import { occupationMeans, weightVector, weightedAverage, groupAverages, type Components, type OccupationMeans } from '../metrics/aggregate.ts';
import type { TableOptions } from './options.ts';
import { warn } from '../warn.ts';

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
  const cat = new Map(options.dataset.rows.occupations.map((o) => [o.occupation, o.category]));
  return occupations.map((o) => cat.get(o)!);
}

export function categoryAverages(options: TableOptions, ev: Evaluation): Map<string, Components & { weight: number }> {
  return groupAverages(ev.means, ev.weights, categoriesOf(options, ev.means.occupations));
}

/** Plain code-unit string order, the order the paper prints its category and occupation rows in. */
export function byName(a: string, b: string): number {
  return a < b ? -1 : a > b ? 1 : 0;
}
