import { describe, expect, it } from 'vitest';
import { paretoFrontier, robustFrontier, type FrontierPoint } from '../../kernel-lib/qaij/index.ts';

/** The quadratic reference definition of the QAIJ paper ("Frontier implementation"), as oracle. */
function quadratic(points: FrontierPoint[]): string[] {
  return points
    .filter((y) => !points.some((x) => x !== y && x.energyJ <= y.energyJ && x.service >= y.service && (x.energyJ < y.energyJ || x.service > y.service)))
    .sort((a, b) => a.energyJ - b.energyJ || (a.id < b.id ? -1 : 1))
    .map((p) => p.id);
}

describe('paretoFrontier', () => {
  it('keeps non-dominated points in energy order', () => {
    const f = paretoFrontier([
      { id: 'A', energyJ: 10, service: 0.5 },
      { id: 'B', energyJ: 20, service: 0.4 },
      { id: 'C', energyJ: 30, service: 0.9 },
    ]);
    expect(f.frontier).toEqual(['A', 'C']);
    expect(f.dominated).toEqual(['B']);
  });

  it('handles ties: equal energy keeps only the best service; exact duplicates are both kept; equal service at higher energy is dominated', () => {
    const f = paretoFrontier([
      { id: 'A', energyJ: 10, service: 0.5 },
      { id: 'A2', energyJ: 10, service: 0.5 },
      { id: 'B', energyJ: 10, service: 0.3 },
      { id: 'C', energyJ: 15, service: 0.5 },
      { id: 'D', energyJ: 15, service: 0.7 },
    ]);
    expect(f.frontier).toEqual(['A', 'A2', 'D']);
    expect(f.dominated).toEqual(['B', 'C']);
  });

  it('agrees with the quadratic definition on seeded random clouds with many ties', () => {
    let s = 12345;
    const rnd = () => ((s = (Math.imul(s, 1103515245) + 12345) >>> 0) % 6);
    for (let trial = 0; trial < 50; trial++) {
      const pts = Array.from({ length: 12 }, (_, i) => ({ id: `p${String(i).padStart(2, '0')}`, energyJ: rnd(), service: rnd() }));
      expect(paretoFrontier(pts).frontier).toEqual(quadratic(pts));
    }
  });

  it('drops points that violate the latency constraint before the sweep', () => {
    const f = paretoFrontier(
      [
        { id: 'fast', energyJ: 20, service: 0.5, latencyS: 1 },
        { id: 'slow', energyJ: 10, service: 0.9, latencyS: 5 },
      ],
      { latencyMaxS: 2 },
    );
    expect(f).toEqual({ frontier: ['fast'], dominated: [], excluded: ['slow'] });
  });
});

describe('robustFrontier', () => {
  it('calls a point dominated only when its whole bootstrap region is dominated', () => {
    const status = robustFrontier([
      { id: 'A', energyJ: 10, service: 0.5, energyInterval: { lower: 9, upper: 11 }, serviceInterval: { lower: 0.4, upper: 0.6 } },
      { id: 'B', energyJ: 12, service: 0.45, energyInterval: { lower: 11.5, upper: 13 }, serviceInterval: { lower: 0.4, upper: 0.5 } },
      { id: 'C', energyJ: 30, service: 0.2, energyInterval: { lower: 28, upper: 32 }, serviceInterval: { lower: 0.1, upper: 0.3 } },
    ]);
    expect(status).toEqual({ A: 'frontier', B: 'uncertain', C: 'dominated' });
  });
});
