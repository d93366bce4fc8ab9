/**
 * The two energy rules whose earlier tests could not tell a wrong rule from the right one (#29):
 *
 * - Appendix G charges the shared setup, gap and finalisation time T0 in proportion to tau_i. Runs of
 *   equal tau cannot tell that from an equal split, so these runs have unequal tau.
 * - Sampled power is integrated by the trapezoid rule (Joules-to-GDP 2.3, "integrated sampled
 *   power"). On flat or piecewise-constant power every rule agrees; on a linear ramp the trapezoid
 *   rule is exact and the left (or right) endpoint rule is not, so the oracle here is the integral of
 *   the ramp, computed by hand.
 */
import { describe, expect, it } from 'vitest';
import { energyRuns } from '../../kernel-lib/energy/index.ts';
import { onWarning } from '../../kernel-lib/warn.ts';
import { byRun, powerSamples, writeTrace } from './traceFixture.ts';

onWarning(null);

describe('Appendix G node time with unequal tau', () => {
  it('charges T0 = 2 s of setup as T0 tau_i / sum tau (a: 5.5 + 2 x 5.5/6 s, b: 0.5 + 2 x 0.5/6 s), not 1 s each', () => {
    // 100 W flat on [0, 10]. setup [0, 2]; run a [2, 8]; run b [3, 4]; execution window [0, 8].
    // oracle time: busy [2, 8] = 6 s, T0 = 8 - 6 = 2 s. tau_a = 1 (alone [2,3]) + 0.5 (shared [3,4]) + 4
    //   (alone [4,8]) = 5.5 s; tau_b = 0.5 s; sum 6 s. T_alloc_a = 5.5 + 2 x 5.5/6 = 7.3333 s,
    //   T_alloc_b = 0.5 + 2 x 0.5/6 = 0.6667 s (sum 8 s = the window, charged once).
    //   An equal split of T0 would give 6.5 s and 1.5 s.
    const dir = writeTrace({
      gpus: ['GPU-a'],
      smi: powerSamples('GPU-a', 0, 10, 0.5, () => 100),
      marks: [
        { t: 0, kind: 'setup-start', id: 's' }, { t: 2, kind: 'setup-end', id: 's' },
        { t: 2, kind: 'run-start', id: 'a' }, { t: 3, kind: 'run-start', id: 'b' },
        { t: 4, kind: 'run-end', id: 'b' }, { t: 8, kind: 'run-end', id: 'a' },
      ],
    });
    const { rows, summary } = energyRuns(dir, { rateUSDPerHour: 3600 });
    const cost = byRun(rows, 'cost_usd'), hours = byRun(rows, 'node_hours');
    expect(summary.t0_s).toBeCloseTo(2, 9);
    // at 3600 USD per node-hour, cost in USD = allocated seconds
    expect(cost.a).toBeCloseTo(5.5 + (2 * 5.5) / 6, 6);
    expect(cost.b).toBeCloseTo(0.5 + (2 * 0.5) / 6, 6);
    // node_hours is written rounded (to about 1e-9 h): compare in seconds to 1e-4 s
    expect(hours.a * 3600).toBeCloseTo(22 / 3, 4);
    expect(hours.b * 3600).toBeCloseTo(2 / 3, 4);
    // energy, for completeness: setup 200 J / K = 2; a = 100 + 50 + 400 + 100 = 650 J, b = 50 + 100 = 150 J
    expect(byRun(rows, 'energy_mj').a).toBeCloseTo(650e-6, 12);
    expect(byRun(rows, 'energy_mj').b).toBeCloseTo(150e-6, 12);
  });

  it('charges an idle gap inside the window in proportion to tau (a [0,4], b [6,7]: 4 + 2 x 4/5 and 1 + 2 x 1/5 s)', () => {
    // oracle: window [0, 7], busy 5 s, T0 = 2 s; tau = (4, 1): T_alloc = (5.6, 1.4) s; equal split: (5, 2)
    const dir = writeTrace({
      gpus: ['GPU-a'],
      smi: powerSamples('GPU-a', 0, 8, 0.5, () => 100),
      marks: [
        { t: 0, kind: 'run-start', id: 'a' }, { t: 4, kind: 'run-end', id: 'a' },
        { t: 6, kind: 'run-start', id: 'b' }, { t: 7, kind: 'run-end', id: 'b' },
      ],
    });
    const cost = byRun(energyRuns(dir, { rateUSDPerHour: 3600 }).rows, 'cost_usd');
    expect(cost.a).toBeCloseTo(5.6, 6);
    expect(cost.b).toBeCloseTo(1.4, 6);
  });
});

describe('trapezoid rule on a ramping power trace', () => {
  // P(t) = 100 + 50 t W, sampled once a second by nvidia-smi (power.draw). Hand integrals:
  //   integral over [a, b] of (100 + 50 t) dt = 100 (b - a) + 25 (b^2 - a^2).
  const ramp = (t: number) => 100 + 50 * t;
  const exact = (a: number, b: number) => 100 * (b - a) + 25 * (b * b - a * a);

  it('integrates a run on sample instants exactly: [2, 6] is 1200 J (the left endpoint rule gives 1100 J)', () => {
    const dir = writeTrace({
      intervalMs: 1000,
      gpus: ['GPU-a'],
      smi: powerSamples('GPU-a', 0, 10, 1, ramp),
      marks: [{ t: 2, kind: 'run-start', id: 'r' }, { t: 6, kind: 'run-end', id: 'r' }],
    });
    const { rows, summary } = energyRuns(dir, { rateUSDPerHour: null });
    expect(exact(2, 6)).toBe(1200);
    expect(byRun(rows, 'energy_mj').r).toBeCloseTo(1200e-6, 12);
    // the whole trace [0, 10]: 1000 + 2500 = 3500 J (left endpoint: 3250 J, right endpoint: 3750 J)
    expect(summary.total_j).toBeCloseTo(3500, 9);
  });

  it('interpolates linearly at run edges between samples: [0.5, 2.5] is 350 J and [3.25, 6.75] is 1225 J', () => {
    // Runs start and end between the 1-s samples, so each sample interval is split at a mark by
    // linear interpolation; the trapezoid pieces still sum to the exact integral of the ramp.
    const dir = writeTrace({
      intervalMs: 1000,
      gpus: ['GPU-a'],
      smi: powerSamples('GPU-a', 0, 8, 1, ramp),
      marks: [
        { t: 0.5, kind: 'run-start', id: 'a' }, { t: 2.5, kind: 'run-end', id: 'a' },
        { t: 3.25, kind: 'run-start', id: 'b' }, { t: 6.75, kind: 'run-end', id: 'b' },
      ],
    });
    const e = byRun(energyRuns(dir, { rateUSDPerHour: null }).rows, 'energy_mj');
    expect(exact(0.5, 2.5)).toBe(350);
    expect(exact(3.25, 6.75)).toBe(1225);
    expect(e.a).toBeCloseTo(350e-6, 12);
    expect(e.b).toBeCloseTo(1225e-6, 12);
  });

  it('splits a ramp between two overlapping runs by N(t): a [1, 3], b [2, 4] get 287.5 and 387.5 J', () => {
    // by hand: [1,2] = 100 + 25 x 3 = 175 (a alone); [2,3] = 100 + 25 x 5 = 225,
    //   half each = 112.5; [3,4] = 100 + 25 x 7 = 275 (b alone). a = 287.5 J, b = 387.5 J.
    const dir = writeTrace({
      intervalMs: 1000,
      gpus: ['GPU-a'],
      smi: powerSamples('GPU-a', 0, 5, 1, ramp),
      marks: [
        { t: 1, kind: 'run-start', id: 'a' }, { t: 2, kind: 'run-start', id: 'b' },
        { t: 3, kind: 'run-end', id: 'a' }, { t: 4, kind: 'run-end', id: 'b' },
      ],
    });
    const e = byRun(energyRuns(dir, { rateUSDPerHour: null }).rows, 'energy_mj');
    expect(e.a).toBeCloseTo(287.5e-6, 12);
    expect(e.b).toBeCloseTo(387.5e-6, 12);
  });
});
