/**
 * Property (issue 30): every interval the GDPval toolkit reports contains its own point estimate, across
 * generated grades and graded tasks: both agreement rates under both resampling units, and the win and
 * win-or-tie rates. Oracle: the definition of an interval around an estimate; fast-check searches for a
 * counterexample and shrinks it.
 */
import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { agreementBootstrap, winRateInterval, winRatesBy, type GdpvalTask, type Grade } from '../../kernel-lib/gdpval/index.ts';

const score = fc.constantFrom(0, 0.5, 1) as fc.Arbitrary<Grade['score']>;

/** 1-12 samples, each with 0-4 human grades (distinct raters) and 0-3 autograder grades. */
const grades = fc
  .array(fc.record({ human: fc.array(score, { maxLength: 4 }), auto: fc.array(score, { maxLength: 3 }) }), { minLength: 1, maxLength: 12 })
  .map((samples) =>
    samples.flatMap((s, i) => [
      ...s.human.map((x, r): Grade => ({ sample: `s${i}`, model: 'm', rater: `h${r}`, kind: 'human', score: x })),
      ...s.auto.map((x, r): Grade => ({ sample: `s${i}`, model: 'm', rater: `a${r}`, kind: 'autograder', score: x })),
    ]),
  );

const inside = (i: { lower: number; upper: number }, point: number) => {
  expect(i.lower).toBeLessThanOrEqual(point + 1e-12);
  expect(i.upper).toBeGreaterThanOrEqual(point - 1e-12);
};

describe('every GDPval interval contains its point estimate (property)', () => {
  it('agreementBootstrap: A^HA and A^HH, within-sample and samples', () => {
    fc.assert(
      fc.property(grades, fc.integer({ min: 1, max: 1000 }), (gs, seed) => {
        const hasHA = new Set(gs.filter((g) => g.kind === 'human').map((g) => g.sample));
        const ha = gs.some((g) => g.kind === 'autograder' && hasHA.has(g.sample));
        const counts = new Map<string, number>();
        for (const g of gs) if (g.kind === 'human') counts.set(g.sample, (counts.get(g.sample) ?? 0) + 1);
        const hh = [...counts.values()].some((n) => n >= 2);
        for (const resampling of ['within-sample', 'samples'] as const) {
          if (ha) {
            const a = agreementBootstrap(gs, 'humanAutograder', { draws: 200, seed, resampling });
            inside(a, a.agreement);
            expect(a.zeroWidth).toBe(a.lower === a.upper);
          }
          if (hh) {
            const a = agreementBootstrap(gs, 'interRater', { draws: 200, seed, resampling });
            inside(a, a.agreement);
            expect(a.zeroWidth).toBe(a.lower === a.upper);
          }
        }
      }),
      { seed: 30, numRuns: 300 },
    );
  });

  it('winRateInterval and winRatesBy: win and win-or-tie rates, Wilson and exact, task-clustered', () => {
    const task = fc.record({
      wins: fc.integer({ min: 0, max: 9 }),
      ties: fc.integer({ min: 0, max: 9 }),
      losses: fc.integer({ min: 0, max: 9 }),
      sector: fc.constantFrom('Retail', 'Government'),
    }).filter((t) => t.wins + t.ties + t.losses > 0);
    fc.assert(
      fc.property(fc.array(task, { minLength: 1, maxLength: 15 }), fc.constantFrom(0.5, 0.8, 0.95, 0.99), (ts, level) => {
        for (const accept of ['win', 'win-or-tie'] as const) {
          const w = winRateInterval(ts, accept, level);
          inside(w.wilson, w.estimate);
          inside(w.exact, w.estimate);
        }
        const full = ts.map((t, i): GdpvalTask => ({ task: `t${i}`, model: 'm', occupation: 'o', deliverableType: 'pdf', humanTimeMin: 60, humanCostUSD: 1, reviewTimeMin: 1, reviewCostUSD: 1, modelTimeMin: 1, modelCostUSD: 1, ...t }));
        for (const g of winRatesBy(full, 'sector', undefined, level)) {
          inside(g.winRateInterval, g.winRate);
          inside(g.winOrTieRateInterval, g.winOrTieRate);
        }
      }),
      { seed: 31, numRuns: 300 },
    );
  });
});
