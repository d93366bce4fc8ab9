/**
 * Property (issue 30): every interval the QAIJ toolkit reports contains its own point estimate, across
 * generated task-result tables (systems, tasks, strata, repeated attempts, weights, latency contracts,
 * target mixes). Oracle: the definition of a confidence interval around an estimate; fast-check searches
 * for a counterexample and shrinks it.
 */
import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { bootstrapQaij, hierarchicalBootstrapQaij, meterErrorIntervals, sevenPartReport, type TaskResult } from '../../kernel-lib/qaij/index.ts';

const unit = fc.oneof(fc.constant(0), fc.constant(1), fc.double({ min: 0, max: 1, noNaN: true }));

/** A table of 1-3 systems on 1-6 tasks in 1-3 strata, each system with 1-3 attempts per task. */
const table = fc
  .record({
    systems: fc.integer({ min: 1, max: 3 }),
    tasks: fc.array(fc.integer({ min: 0, max: 2 }), { minLength: 1, maxLength: 6 }),
    attempts: fc.integer({ min: 1, max: 3 }),
  })
  .chain(({ systems, tasks, attempts }) =>
    fc.array(
      fc.record({
        energyJ: fc.double({ min: 0.01, max: 1000, noNaN: true }),
        latencyS: fc.double({ min: 0, max: 10, noNaN: true }),
        quality: unit,
        correctness: unit,
        reliability: unit,
        usefulness: unit,
        difficultyWeight: fc.double({ min: 0, max: 5, noNaN: true }),
        weight: fc.oneof(fc.constant(1), fc.double({ min: 0.1, max: 3, noNaN: true })),
      }),
      { minLength: systems * tasks.length * attempts, maxLength: systems * tasks.length * attempts },
    ).map((cells) => {
      const out: TaskResult[] = [];
      let k = 0;
      for (let s = 0; s < systems; s++) {
        tasks.forEach((stratum, t) => {
          for (let a = 0; a < attempts; a++) {
            out.push({ task: `t${t}`, system: `S${s}`, tokens: 1, stratum: `g${stratum}`, boundary: 'system', ...cells[k++] });
          }
        });
      }
      return out;
    }),
  );

const contains = (what: string, i: { lower: number; upper: number } | null, point: number | undefined) => {
  if (i === null || point === undefined) return;
  // a point equal to a bound up to the last bit of rounding is inside
  const tol = 1e-12 * Math.max(1, Math.abs(point));
  expect(i.lower, `${what}: lower ${i.lower} above point ${point}`).toBeLessThanOrEqual(point + tol);
  expect(i.upper, `${what}: upper ${i.upper} below point ${point}`).toBeGreaterThanOrEqual(point - tol);
};

describe('every QAIJ interval contains its point estimate (property)', () => {
  it('bootstrapQaij: qaij, expected service and expected energy, unweighted and weighted, with and without L*', () => {
    fc.assert(
      fc.property(table, fc.boolean(), fc.option(fc.double({ min: 0, max: 10, noNaN: true })), fc.integer({ min: 1, max: 1000 }), (results, weighted, latencyMax, seed) => {
        const boot = bootstrapQaij(results, {
          draws: 200,
          seed,
          difficulty: weighted ? 'weighted' : 'unweighted',
          ...(latencyMax === null ? {} : { latency: { latencyMaxS: latencyMax } }),
        });
        for (const b of boot.values()) {
          if (!b.estimate || b.estimate.totalWeight === 0) continue;
          contains(`${b.system} qaij`, b.qaij, b.estimate.qaij);
          contains(`${b.system} service`, b.serviceMean, b.estimate.serviceMean);
          contains(`${b.system} energy`, b.energyMeanJ, b.estimate.energyMeanJ);
          // with meter error on top (QAIJ "Meter uncertainty")
          const m = meterErrorIntervals(b.replicates, { relativeBiasSd: 0.03, relativeNoiseSd: 0.05 }, { effectiveAttempts: b.effectiveSampleSize ?? 1, seed });
          contains(`${b.system} qaij with meter error`, m.qaij, b.estimate.qaij);
          contains(`${b.system} energy with meter error`, m.energyMeanJ, b.estimate.energyMeanJ);
        }
      }),
      { seed: 30, numRuns: 150 },
    );
  });

  it('hierarchicalBootstrapQaij at each depth of the hierarchy', () => {
    fc.assert(
      fc.property(table, fc.constantFrom('families', 'families-tasks', 'families-tasks-attempts' as const), (results, levels) => {
        const point = new Map<string, number>();
        for (const s of new Set(results.map((r) => r.system))) {
          const own = results.filter((r) => r.system === s);
          const sw = own.reduce((a, r) => a + r.weight * r.energyJ, 0);
          point.set(s, own.reduce((a, r) => a + r.weight * r.usefulness * r.quality * r.correctness * r.reliability * r.difficultyWeight, 0) / sw);
        }
        for (const [s, i] of hierarchicalBootstrapQaij(results, { draws: 200, seed: 5, levels: levels as 'families' })) contains(`${s} hierarchical`, i, point.get(s));
      }),
      { seed: 33, numRuns: 100 },
    );
  });

  it('bootstrapQaij under a target mix over the strata', () => {
    fc.assert(
      fc.property(table, fc.array(fc.double({ min: 0.05, max: 1, noNaN: true }), { minLength: 3, maxLength: 3 }), (results, shares) => {
        const mix = { g0: shares[0], g1: shares[1], g2: shares[2] };
        const present = Object.fromEntries(Object.entries(mix).filter(([g]) => results.some((r) => r.stratum === g)));
        const boot = bootstrapQaij(results, { draws: 200, seed: 3, targetMix: present, difficulty: 'unweighted' });
        for (const b of boot.values()) {
          if (b.status !== 'ok' || !b.estimate) continue;
          contains(`${b.system} qaij`, b.qaij, b.estimate.qaij);
          contains(`${b.system} service`, b.serviceMean, b.estimate.serviceMean);
          contains(`${b.system} energy`, b.energyMeanJ, b.estimate.energyMeanJ);
        }
      }),
      { seed: 31, numRuns: 100 },
    );
  });

  it('sevenPartReport: parts 1 to 4, the reliability intervals of part 5 and the mixes of part 7', () => {
    const binary = table.map((rs) => rs.map((r) => ({ ...r, reliability: r.reliability >= 0.5 ? 1 : 0 })));
    fc.assert(
      fc.property(binary, (results) => {
        const rep = sevenPartReport(results, { draws: 100, seed: 2, hierarchy: 'families-tasks', alternativeMixes: { heavy: { g0: 0.7, g1: 0.2, g2: 0.1 } } });
        for (const [id, s] of Object.entries(rep.systems)) {
          for (const part of [s.unweighted, s.difficultyWeighted, ...Object.values(s.difficultyNormalisations), ...Object.values(s.byStratum)]) {
            contains(`${id} qaij`, part.qaij, part.estimate.qaij);
            contains(`${id} service`, part.serviceMean, part.estimate.serviceMean);
            contains(`${id} energy`, part.energyMeanJ, part.estimate.energyMeanJ);
          }
          const b = s.reliability.binary;
          if (b) for (const i of [b.wilson, b.wilsonCorrected, b.exact]) contains(`${id} reliability`, i, b.estimate);
          for (const m of Object.values(s.alternativeMixes)) if (m.estimate) contains(`${id} mix`, m.qaij, m.estimate.qaij);
          contains(`${id} hierarchical`, s.hierarchical, s.unweighted.estimate.qaij);
        }
      }),
      { seed: 32, numRuns: 60 },
    );
  });
});
