/**
 * Bootstrap draws of the aggregated components of several table cells at once, on one shared set of
 * draws (Joules-to-GDP K.1: "sharing each draw across all four combinations"). Each cell is the
 * TaskComponents of one configuration (reference pair, policy) of the same system and task set.
 * Identical columns (costs and energies do not depend on the reference) are aggregated once.
 *
 * Returns draws[cell][group] with credit, valueUSD, costUSD, energyMJ, timeSavingHours, each a
 * Float64Array of B draws (fraction, USD, USD, MJ, hours); components not asked for in `which` are
 * empty arrays. Throws "componentDraws requires cells on
 * the same tasks" when a cell's task set differs from the draws'.
 * @example componentDraws(boot, [cell], weights)[0][0].energyMJ.length // => B
 */
import { J2GError } from '../errors.ts';
import type { TaskComponents } from '../metrics/taskComponents.ts';
import { groupMeanDraws } from './groupMeanDraws.ts';
import { sameTaskStructure, type TaskBootstrap } from './taskBootstrap.ts';

export const DRAWN_COMPONENTS = ['credit', 'valueUSD', 'costUSD', 'energyMJ', 'timeSavingHours'] as const;
export type DrawnComponent = (typeof DRAWN_COMPONENTS)[number];
/** What NVJ and TSJ need (the win-tie rate is left out: fewer columns to aggregate). */
export const RATIO_COMPONENTS = ['valueUSD', 'costUSD', 'energyMJ', 'timeSavingHours'] as const satisfies readonly DrawnComponent[];
export type ComponentDraws = Record<DrawnComponent, Float64Array>;

function sameValues(a: Float64Array, b: Float64Array): boolean {
  if (a === b) return true;
  if (a.length !== b.length) return false;
  for (let i = 0; i < a.length; i++) if (!Object.is(a[i], b[i])) return false;
  return true;
}

/** Distinct columns by content: returns the columns and, for each input, its position among them. */
export function uniqueColumns(columns: Float64Array[]): { unique: Float64Array[]; position: number[] } {
  const unique: Float64Array[] = [];
  const position = columns.map((x) => {
    const at = unique.findIndex((u) => sameValues(u, x));
    if (at >= 0) return at;
    unique.push(x);
    return unique.length - 1;
  });
  return { unique, position };
}

export function componentDraws(boot: TaskBootstrap, cells: TaskComponents[], weights: Float64Array, groupOf?: Int32Array, groups = 1, which: readonly DrawnComponent[] = DRAWN_COMPONENTS): ComponentDraws[][] {
  for (const c of cells) {
    if (c.taskIds.length !== boot.tasks || c.occupations.length !== boot.occupations) throw new J2GError('componentDraws requires cells on the same tasks');
  }
  for (let k = 1; k < cells.length; k++) {
    if (!sameTaskStructure(cells[0].occupationIndex, cells[k].occupationIndex)) throw new J2GError('componentDraws requires cells on the same tasks');
  }
  const columns = cells.flatMap((c) => which.map((k) => c[k]));
  const { unique, position } = uniqueColumns(columns);
  const drawn = groupMeanDraws(boot, unique, weights, groupOf ?? new Int32Array(boot.occupations), groups);
  const empty = new Float64Array(0);
  return cells.map((_, c) => Array.from({ length: groups }, (_, g) => {
    const out = { credit: empty, valueUSD: empty, costUSD: empty, energyMJ: empty, timeSavingHours: empty } as ComponentDraws;
    which.forEach((k, j) => { out[k] = drawn[position[c * which.length + j]][g]; });
    return out;
  }));
}
