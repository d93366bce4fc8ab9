/**
 * The shared draws of a table: one TaskBootstrap per (dataset, system, task structure, draws, seed),
 * reused by every cell and every table built from the same options; the draws replay from the seed,
 * so Tables 17, 18, 19 and 22 see the same resampled tasks (Joules-to-GDP K.1 "Paired contrasts").
 * Settings: `options.bootstrap`, else the manifest's, else 10,000 draws with seed 20260726;
 * `bootstrap: false` turns the intervals off (builders then leave the interval cells empty).
 * @example tableBootstrap({ dataset }, components)?.draws // => 2000 for synthetic-small
 */
import { J2GError } from '../errors.ts';
import { hasRecords, type Dataset } from '../data/load.ts';
import { systemOccupationCounts, type TaskComponents } from '../metrics/taskComponents.ts';
import { resolveBootstrap, type BootstrapSettings } from './settings.ts';
import { sameTaskStructure, taskBootstrap, type TaskBootstrap } from './taskBootstrap.ts';
import { RATIO_COMPONENTS, componentDraws, type ComponentDraws } from './componentDraws.ts';
import { MAX_MULTISET_TASKS } from './multisetSums.ts';
import { SLOT_POSITIONS_BYTES, multisetKernelAvailable } from './multisetKernel.ts';
import { drawSlotPositionsAside } from './slotPositionsAside.ts';

export interface BootstrapOption {
  /** draws and seed of the task-composition bootstrap, or false for point estimates only */
  bootstrap?: Partial<BootstrapSettings> | false;
}

/**
 * Where a resolved scenario context keeps its bootstraps (tables/context.ts sets it, non-enumerable):
 * the draws are computed once per context family, and no bootstrap is held in module state. Options
 * without it (a direct call) get a fresh bootstrap.
 */
export const BOOTSTRAP_CACHE = Symbol.for('j2g.bootstrapCache');
type Cached = TaskBootstrap & { occupationIndex: Int32Array };

/**
 * Series a table build of `dataset` holds at once (settings.ts, "Memory of a bootstrap"): Table 13's
 * 4 components and 2 ratios for each category, plus a policy table's 16 cells, as 8-byte series:
 * S = 6 x categories + 16 (the drawn multisets are replayed in small blocks, multisetSums.ts).
 * @example tableSeries(loadDataset('data/recorded/synthetic-small')) // => 28
 */
export function tableSeries(dataset: Dataset): number {
  const occupations = dataset.rows?.occupations ?? [];
  const categories = new Set(occupations.map((o) => o.category)).size;
  return (RATIO_COMPONENTS.length + 2) * categories + 16;
}

/** The table settings (resolveBootstrap, bounded by tableSeries), or null when the bootstrap is off. */
export function bootstrapSettingsOf(options: BootstrapOption & { dataset: Dataset }): BootstrapSettings | null {
  if (options.bootstrap === false) return null;
  return resolveBootstrap(options.bootstrap, options.dataset.manifest?.bootstrap, tableSeries(options.dataset));
}

export function tableBootstrap(options: BootstrapOption & { dataset: Dataset }, components: TaskComponents): TaskBootstrap | null {
  const settings = bootstrapSettingsOf(options);
  if (!settings) return null;
  const byKey = (options as unknown as Record<symbol, Map<string, Cached> | undefined>)[BOOTSTRAP_CACHE];
  const key = JSON.stringify([components.system, settings.draws, settings.seed, components.taskIds]);
  const hit = byKey?.get(key);
  if (hit && sameTaskStructure(hit.occupationIndex, components.occupationIndex)) return hit;
  const boot = { ...taskBootstrap(components.occupationIndex, components.occupations.length, settings), occupationIndex: components.occupationIndex };
  if (byKey) {
    if (byKey.size >= 16) byKey.clear(); // bounded (entries are small: the draws are replayed from the seed)
    byKey.set(key, boot);
  }
  return boot;
}

/**
 * Draws x tasks below which drawTableBootstrapAside starts no thread: 4 million positions take about
 * 25 ms to draw and write here, what starting a worker costs.
 */
export const SLOT_ASIDE_MIN_POSITIONS = 4_000_000;

/**
 * The positions from which a table build draws them aside: `J2G_SLOT_ASIDE_MIN_POSITIONS` when set (a
 * whole number; `0` for every bootstrap on the slot path, for tests), else SLOT_ASIDE_MIN_POSITIONS.
 * @example slotAsideMinPositions({}) // => 4000000
 */
export function slotAsideMinPositions(env: Record<string, string | undefined> = globalThis.process?.env ?? {}): number {
  const v = env.J2G_SLOT_ASIDE_MIN_POSITIONS;
  if (v === undefined || v === '') return SLOT_ASIDE_MIN_POSITIONS;
  if (!/^\d+$/.test(v)) throw new J2GError(`J2G_SLOT_ASIDE_MIN_POSITIONS is "${v}", expected a whole number of positions`);
  return Number(v);
}

/**
 * Start drawing, on another thread, the slot positions of the bootstrap that the tables of `options`
 * draw on its system's tasks (slotPositionsAside.ts), where the slot kernel will record them
 * (slotAsideApplies) and can run. True when a draw started; the tables' numbers are the
 * same either way. `aside.worker` (tests): the compiled slotWorker.ts (drawSlotPositionsAside's default: the bundle's).
 */
export function drawTableBootstrapAside(options: BootstrapOption & { dataset: Dataset; system: string }, aside: { worker?: URL | null } = {}): boolean {
  const settings = bootstrapSettingsOf(options);
  // a dataset without records (another engine's: its components come from there) is left to that engine
  if (!settings || !hasRecords(options.dataset)) return false;
  const counts = systemOccupationCounts(options.dataset, options.system);
  return slotAsideApplies(counts, settings.draws) && multisetKernelAvailable() && drawSlotPositionsAside(counts, settings, aside);
}

/**
 * Whether a bootstrap of `draws` draws over occupations of `counts` tasks records slot positions that
 * pay to draw aside: an occupation of more than MAX_MULTISET_TASKS tasks (else the multiset path draws
 * none), none of more than 65,536 (positions are u16), the positions kept (2 x draws x tasks bytes at
 * most SLOT_POSITIONS_BYTES) and at least `minPositions` of them.
 * @example slotAsideApplies([570, 570], 4000) // => true
 */
export function slotAsideApplies(counts: ArrayLike<number>, draws: number, minPositions = slotAsideMinPositions()): boolean {
  let n = 0, largest = 0;
  for (let o = 0; o < counts.length; o++) { n += counts[o]; largest = Math.max(largest, counts[o]); }
  const positions = draws * n;
  return largest > MAX_MULTISET_TASKS && largest <= 65536 && 2 * positions <= SLOT_POSITIONS_BYTES && positions >= minPositions;
}

/**
 * Benchmark-level draws of G, C, E and S for several cells of one table (same system and tasks) on
 * the table's shared draws: one entry per cell, or null when the bootstrap is off.
 */
export function benchmarkCellDraws(options: BootstrapOption & { dataset: Dataset }, cells: { components: TaskComponents; weights: Float64Array }[]): ComponentDraws[] | null {
  const boot = tableBootstrap(options, cells[0].components);
  return boot ? componentDraws(boot, cells.map((c) => c.components), cells[0].weights, undefined, 1, RATIO_COMPONENTS).map((g) => g[0]) : null;
}
