/**
 * Weights are plain ratios e_o / sum e, "the same to the last bit", whenever the sum is finite; only a
 * sum that overflows (1e308 twice) is first divided by the largest value (#23). The rescaled route
 * gives the same numbers in exact arithmetic but not always in floating point: for employment 1, 1, 3,
 * 3 / 5 is the double 0.6, while (3 / 3) / (1/3 + 1/3 + 1) is 0.6000000000000001. So these tests see a
 * scheme that takes the rescaled route when it should not (#29: mutants that made every sector or every
 * total "overflowed" survived the tests, whose values are exact either way).
 * Oracle: the IEEE quotients 1 / 5 = 0.2 and 3 / 5 = 0.6, written as literals.
 *
 * Equivalent mutants (no output can tell them apart), left surviving by `npm run mutation -- weights`:
 * - gdpOccupationWeights.ts, `scaled`: `sectorMax.get(o.sector)! > 0` made `true` or `>= 0`. It is read
 *   only for a sector whose employment sum overflowed, and a sum of finite non-negative employments
 *   overflows only when its largest is positive.
 * - schemes.ts, `!Number.isFinite(total) && max > 0`: `max > 0` made `true` or `>= 0`, for the same
 *   reason (an infinite total of finite non-negative weights has a positive largest).
 * - schemes.ts, `if (!Number.isFinite(total)) throw ... too large to add up` (the condition made `false`,
 *   the message emptied): after the rescaling every weight is at most 1, so the total of n weights is
 *   at most n, always finite; the refusal cannot be reached.
 */
import { expect, test } from 'vitest';
import { occupationWeights } from '../../kernel-lib/weights/schemes.ts';

const occs = [
  { occupation: 'a', sector: 'S', employment: 1 },
  { occupation: 'b', sector: 'S', employment: 1 },
  { occupation: 'c', sector: 'S', employment: 3 },
];

test('employment 1, 1, 3: weights 1/5, 1/5, 3/5 exactly, by the employment, gdp and custom schemes', () => {
  expect([...occupationWeights('employment', occs, [{ sector: 'S', gdpShare: 40 }]).values()]).toEqual([0.2, 0.2, 0.6]);
  // one sector: w = (40 / 40) x e / 5
  expect([...occupationWeights('gdp', occs, [{ sector: 'S', gdpShare: 40 }]).values()]).toEqual([0.2, 0.2, 0.6]);
  expect([...occupationWeights({ custom: { a: 1, b: 1, c: 3 } }, occs, [{ sector: 'S', gdpShare: 40 }]).values()]).toEqual([0.2, 0.2, 0.6]);
});

test('gdp with a second sector whose sum is finite: sector S keeps plain shares, 0.5 x 3/5 = 0.3', () => {
  const two = [...occs, { occupation: 'd', sector: 'T', employment: 7 }];
  const w = occupationWeights('gdp', two, [{ sector: 'S', gdpShare: 50 }, { sector: 'T', gdpShare: 50 }]);
  expect([...w.values()]).toEqual([0.5 * 0.2, 0.5 * 0.2, 0.5 * 0.6, 0.5]);
});
