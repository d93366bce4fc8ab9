/**
 * The whole reconstruction, as a pure function of the published numbers, the reference facts and the
 * seed: prior, first solve (attempt-1 tables), pattern search, full solve.
 */
import { createRng } from '../../kernel-lib/random/prng.ts';
import type { Published } from '../../kernel-lib/published/index.ts';
import { referenceLayout } from './layout.ts';
import { assistedPrior, buildPrior, searchPatterns, DEFAULT_SPREAD, type Spread } from './prior.ts';
import { buildConstraints } from './constraints.ts';
import { finishActiveSet, solveIntervals, type SolveResult } from './solve.ts';
import type { Layout, Patterns } from './model.ts';
import { GLM, SEED } from './spec.ts';
import { calibrateEndpoints, type CalibrationResult } from './calibrate.ts';

export interface Generated {
  layout: Layout;
  sectors: { sector: string; gdpShare: number }[];
  x: Float64Array;
  patterns: Patterns;
  solve: SolveResult;
  search: { objective: number; repeatDisagree: number };
  calibration: CalibrationResult;
  rng: ReturnType<typeof createRng>;
}

const ATTEMPT1 = /^(table13|table14|table15|table5 |table1 GLM)/;

/** Relative metric for the solver: each variable moves in proportion to its own size. */
const scaleOf = (x: Float64Array) => Float64Array.from(x, (v) => Math.max(Math.abs(v), 1e-3));

export function generate(pub: Published, spread: Spread = DEFAULT_SPREAD, maxSweeps = 300, calibrationOptions: Parameters<typeof calibrateEndpoints>[7] = {}): Generated {
  const { layout, sectors } = referenceLayout();
  const rng = createRng(SEED);
  const g = layout.systems.findIndex((s) => s.system === GLM);
  const prior = buildPrior(layout, pub, rng, spread);
  const x = prior.x;
  const first = buildConstraints(layout, prior.patterns, pub).list.filter((c) => ATTEMPT1.test(c.id));
  solveIntervals(x, scaleOf(x), prior.lower, prior.upper, first, { maxSweeps: 200 });
  finishActiveSet(x, scaleOf(x), prior.lower, prior.upper, first);
  const search = searchPatterns(layout, pub, rng, x, prior.patterns, g);
  assistedPrior(layout, rng, x, prior.patterns, g, spread);
  const all = buildConstraints(layout, prior.patterns, pub).list;
  solveIntervals(x, scaleOf(x), prior.lower, prior.upper, all, { maxSweeps });
  let solve = finishActiveSet(x, scaleOf(x), prior.lower, prior.upper, all, { maxRounds: 400 });
  const calibration = calibrateEndpoints(layout, prior.patterns, pub, x, prior.lower, prior.upper, all, calibrationOptions);
  if (calibration.steps > 0) solve = finishActiveSet(x, scaleOf(x), prior.lower, prior.upper, all, { maxRounds: 400 });
  return { layout, sectors, x, patterns: prior.patterns, solve, search, calibration, rng };
}
