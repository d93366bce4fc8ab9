/**
 * Bootstrap settings: number of draws and PRNG seed (Joules-to-GDP K.1: "10,000 times (seed 20260726)").
 *
 * Precedence: an explicit `bootstrap` option (the CLI's --draws/--seed) over the dataset manifest's
 * `bootstrap` over the paper's defaults. Throws "invalid draws: -5" and "invalid seed: 1.5".
 *
 * Memory of a bootstrap: the resampled tasks are replayed from the seed (taskBootstrap; the multiset
 * path, multisetSums.ts, in blocks of 256 draws, a few tens of kB whatever B is; its WebAssembly
 * kernel's memory, dropped after each call, holds the sums table and one block of 1,024 draws' outputs,
 * 8 K (rows + 1,024 groups) bytes: about 0.5 MB for Table 17, whatever B is). Every series drawn (one component of one cell of one group: componentDraws,
 * groupMeanDraws; a ratio formed from them: ratioDraws; a rank correlation: rankPortfolios; a QAIJ
 * replicate: bootstrapQaij) holds one 8-byte float per draw, so B draws of S series held at once need
 * 8 S B bytes. A table build holds at most Table 13's 4 components of every category plus their 2
 * ratios, beside a policy table's 16 cells' series, at once:
 * S = 6 x categories + 16 (tableBootstrap.ts tableSeries), an upper estimate. Measured with `/usr/bin/time -f %M j2g tables
 * --draws 1000000` on the reconstructed dataset (13 categories, S = 94, 752 bytes per draw by that
 * count): 546 MB peak against 116 MB at 10,000 draws, about 434 bytes per draw (2026-12-01, 6.8 s; before the draws
 * were replayed in blocks: 788 MB, 620 bytes per draw). Draws whose series
 * would need more than MAX_BOOTSTRAP_BYTES (2 GiB) are refused with that estimate, instead of a
 * RangeError stack or an out-of-memory abort (issue 13: `--draws 1e8` grew to 16 GB).
 * @example resolveBootstrap(undefined, { draws: 2000, seed: 7 }) // => { draws: 2000, seed: 7 }
 */
import { J2GError } from '../errors.ts';

export interface BootstrapSettings {
  /** number of bootstrap draws (or portfolios), an integer >= 1 */
  draws: number;
  /** PRNG seed, a safe integer (kernel-lib/random/prng.ts) */
  seed: number;
}

/** Bootstrap draws B and PRNG seed of the paper (Joules-to-GDP K.1: "10,000 times (seed 20260726)"). */
export const DEFAULT_DRAWS = 10_000;
export const DEFAULT_SEED = 20260726;
export const DEFAULT_BOOTSTRAP: BootstrapSettings = { draws: DEFAULT_DRAWS, seed: DEFAULT_SEED };

/** Bytes one draw of one series costs: one float64. */
export const BYTES_PER_DRAW_PER_SERIES = 8;
/** The most memory the series of one bootstrap may need: 2 GiB (8 S B bytes, see the file comment). */
export const MAX_BOOTSTRAP_BYTES = 2 * 1024 ** 3;
/**
 * Series a table build holds at once when the dataset is not known (resolveBootstrap's default):
 * enough for Table 13 on a dataset of 10 categories (6 x 10 + 16, tableBootstrap.ts tableSeries).
 */
export const DEFAULT_SERIES = 76;

/** The most draws whose `series` series fit in MAX_BOOTSTRAP_BYTES. @example maxDraws(1) // => 268435456 */
export function maxDraws(series: number): number {
  return Math.floor(MAX_BOOTSTRAP_BYTES / (BYTES_PER_DRAW_PER_SERIES * Math.max(1, series)));
}

/** Bytes as "2.1 GB" (decimal units, 2 significant digits). @example formatBytes(7.3e12) // => '7.3 TB' */
export function formatBytes(bytes: number): string {
  const units = ['bytes', 'kB', 'MB', 'GB', 'TB', 'PB', 'EB'];
  let u = 0, x = bytes;
  while (x >= 1000 && u < units.length - 1) { x /= 1000; u++; }
  return `${u === 0 ? Math.round(x) : Number(x.toPrecision(2))} ${units[u]}`;
}

/**
 * `draws` when it is an integer >= 1 whose `series` series fit in MAX_BOOTSTRAP_BYTES; else throws
 * "invalid draws: v" or "invalid draws: 1000000000000 (from the draws option): a bootstrap of 76 series
 * at once would need about 610 TB of memory (8 bytes per draw per series); at most 3532045 draws fit
 * in 2.1 GB".
 * `source` names where the value came from, for the message.
 * @example checkDraws(1e12, 76) // throws invalid draws: 1000000000000: a bootstrap of 76 series at once would need about 610 TB of memory
 */
export function checkDraws(draws: number, series = DEFAULT_SERIES, source?: string): number {
  const from = source ? ` (from ${source})` : '';
  if (!Number.isInteger(draws) || draws < 1) throw new J2GError(`invalid draws: ${draws}${from}`);
  const max = maxDraws(series);
  if (draws > max) {
    const need = draws * series * BYTES_PER_DRAW_PER_SERIES;
    throw new J2GError(`invalid draws: ${draws}${from}: a bootstrap of ${series} series at once would need about ${formatBytes(need)} of memory `
      + `(${BYTES_PER_DRAW_PER_SERIES} bytes per draw per series); at most ${max} draws fit in ${formatBytes(MAX_BOOTSTRAP_BYTES)}`);
  }
  return draws;
}

/** The settings when draws is an integer >= 1 and seed a safe integer; else throws "invalid draws: v" / "invalid seed: v". @example checkBootstrap({ draws: 0, seed: 1 }) // throws invalid draws: 0 */
export function checkBootstrap(s: BootstrapSettings): BootstrapSettings {
  if (!Number.isInteger(s.draws) || s.draws < 1) throw new J2GError(`invalid draws: ${s.draws}`);
  if (!Number.isSafeInteger(s.seed)) throw new J2GError(`invalid seed: ${s.seed}`);
  return s;
}

/**
 * The effective settings: explicit, else the manifest's, else 10,000 draws with seed 20260726; draws
 * bounded by memory (checkDraws) for `series` series held at once (default DEFAULT_SERIES; table
 * builds pass tableSeries(dataset)). Every caller (CLI, notebooks, scenarios) goes through here.
 * @example resolveBootstrap({ draws: 1e12 }) // throws invalid draws: 1000000000000 (from the draws option): a bootstrap of 76 series at once would need about 610 TB of memory
 */
export function resolveBootstrap(explicit: Partial<BootstrapSettings> | undefined, manifest?: Partial<BootstrapSettings>, series = DEFAULT_SERIES): BootstrapSettings {
  const draws = explicit?.draws ?? manifest?.draws ?? DEFAULT_DRAWS;
  const source = explicit?.draws !== undefined ? 'the draws option' : manifest?.draws !== undefined ? 'manifest.json bootstrap.draws' : undefined;
  checkDraws(draws, series, source);
  return checkBootstrap({ draws, seed: explicit?.seed ?? manifest?.seed ?? DEFAULT_SEED });
}
