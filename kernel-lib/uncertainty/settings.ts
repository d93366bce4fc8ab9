/**
 * Bootstrap settings: number of draws and PRNG seed (Joules-to-GDP K.1: "10,000 times (seed 20260726)").
 *
 * Precedence: an explicit `bootstrap` option (the CLI's --draws/--seed) over the dataset manifest's
 * `bootstrap` over the paper's defaults. Throws "invalid draws: -5" and "invalid seed: 1.5".
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

/** The settings when draws is an integer >= 1 and seed a safe integer; else throws "invalid draws: v" / "invalid seed: v". @example checkBootstrap({ draws: 0, seed: 1 }) // throws invalid draws: 0 */
export function checkBootstrap(s: BootstrapSettings): BootstrapSettings {
  if (!Number.isInteger(s.draws) || s.draws < 1) throw new J2GError(`invalid draws: ${s.draws}`);
  if (!Number.isSafeInteger(s.seed)) throw new J2GError(`invalid seed: ${s.seed}`);
  return s;
}

/** The effective settings: explicit, else the manifest's, else 10,000 draws with seed 20260726. */
export function resolveBootstrap(explicit: Partial<BootstrapSettings> | undefined, manifest?: Partial<BootstrapSettings>): BootstrapSettings {
  return checkBootstrap({
    draws: explicit?.draws ?? manifest?.draws ?? DEFAULT_DRAWS,
    seed: explicit?.seed ?? manifest?.seed ?? DEFAULT_SEED,
  });
}
