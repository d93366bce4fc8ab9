/**
 * The rule that says a dataset is the paper's, by system identity (issue #28), with no file access,
 * so that the report (report/paperDataset.ts reads the systems from data/published/systems.csv) and
 * the explorer in a browser (the build bundles them) apply one rule: a dataset is the paper's when it
 * has every one of the paper's Table 1 systems, each with the model, harness, accelerator and
 * accelerator count the paper states for it.
 */

/** A system as the paper states it (data/published/systems.csv). */
export interface PaperSystem {
  model: string;
  harness: string;
  accelerator: string;
  acceleratorCount: number;
  /** one of Table 1's rows (one per model) */
  table1: boolean;
}

/** A dataset's system as systems.csv records it. */
export type SystemRecord = { model: string; harness: string; accelerator: string; accelerator_count: number };

/** An accelerator name without its vendor's prefix, lower case: "NVIDIA H200" and "H200" are one accelerator. */
function acceleratorKey(name: string): string {
  return name.trim().toLowerCase().replace(/^(nvidia|amd( instinct)?|intel|google)\s+/, '');
}

/**
 * Whether a dataset's system is the paper's `p`: same model, harness, accelerator and count.
 * @example isPaperSystem({ model: 'GLM 5.2', harness: 'openhands', accelerator: 'H200', accelerator_count: 8 }, { model: 'GLM 5.2', harness: 'OpenHands', accelerator: 'NVIDIA H200', acceleratorCount: 8, table1: true }) // => true
 */
export function isPaperSystem(s: SystemRecord, p: PaperSystem): boolean {
  return s.model === p.model && s.harness.toLowerCase() === p.harness.toLowerCase()
    && acceleratorKey(s.accelerator) === acceleratorKey(p.accelerator) && s.accelerator_count === p.acceleratorCount;
}

/**
 * Whether a dataset with `systems` is the paper's: it has every one of the paper's Table 1 systems
 * (false when the paper states none).
 * @example hasPaperSystems([], paperSystems(loadPublished())) // => false
 */
export function hasPaperSystems(systems: readonly SystemRecord[], paper: readonly PaperSystem[]): boolean {
  const table1 = paper.filter((p) => p.table1);
  return table1.length > 0 && table1.every((p) => systems.some((s) => isPaperSystem(s, p)));
}
