import { describe, expect, it } from 'vitest';
import { bootstrapQaij, qualityAdjustedServicePerJoule } from '../../kernel-lib/qaij/index.ts';
import { result } from './fixtures.ts';

const tasks = Array.from({ length: 30 }, (_, i) => i);
const data = [
  ...tasks.map((i) => result({ system: 'A', task: `t${i}`, energyJ: 8 + (i % 5), quality: (i % 3) / 2, stratum: i < 10 ? 'hard' : 'easy' })),
  ...tasks.map((i) => result({ system: 'B', task: `t${i}`, energyJ: 20 + (i % 7), quality: i % 4 === 0 ? 0 : 1, stratum: i < 10 ? 'hard' : 'easy' })),
];

describe('bootstrapQaij', () => {
  it('is deterministic for a fixed seed and changes with the seed', () => {
    const a = bootstrapQaij(data, { draws: 200, seed: 5 }).get('A')!;
    const b = bootstrapQaij(data, { draws: 200, seed: 5 }).get('A')!;
    const c = bootstrapQaij(data, { draws: 200, seed: 6 }).get('A')!;
    expect(a.qaij).toEqual(b.qaij);
    expect(a.qaij).not.toEqual(c.qaij);
  });

  it('brackets the point estimate, which equals the plain ratio of expectations', () => {
    const out = bootstrapQaij(data, { draws: 400, seed: 1 });
    for (const s of ['A', 'B']) {
      const sb = out.get(s)!;
      const direct = qualityAdjustedServicePerJoule(data.filter((r) => r.system === s));
      expect(sb.estimate!.qaij).toBeCloseTo(direct.qaij, 14);
      expect(sb.qaij!.lower).toBeLessThan(direct.qaij);
      expect(sb.qaij!.upper).toBeGreaterThan(direct.qaij);
      expect(sb.validDraws).toBe(400);
    }
  });

  it('keeps stratum sizes fixed: with one task per stratum, service never varies', () => {
    // Oracle: stratified resampling of a stratum of size 1 always redraws that task.
    const two = [result({ task: 'e', stratum: 'easy', quality: 1 }), result({ task: 'h', stratum: 'hard', quality: 0 })];
    const sb = bootstrapQaij(two, { draws: 50, seed: 2 }).get('A')!;
    expect(new Set(sb.replicates.serviceMean).size).toBe(1);
    expect(sb.replicates.serviceMean[0]).toBeCloseTo(0.5, 14);
  });

  it('keeps all attempts of a drawn task together (cluster bootstrap over tasks)', () => {
    // Task x has two attempts (one success, one failure); task y one success. Without strata, a
    // replicate holds tasks {x,x}, {x,y} or {y,y}: service means 0.5, 2/3, 1 only.
    const rs = [result({ task: 'x', quality: 1 }), result({ task: 'x', quality: 0 }), result({ task: 'y', quality: 1 })];
    const vals = new Set(Array.from(bootstrapQaij(rs, { draws: 300, seed: 9 }).get('A')!.replicates.serviceMean, (v) => v.toFixed(6)));
    expect([...vals].sort()).toEqual(['0.500000', '0.666667', '1.000000']);
  });

  it('reports obstructed systems under a target mix with an unobserved family', () => {
    const sb = bootstrapQaij(data, { draws: 10, seed: 1, targetMix: { easy: 0.5, legal: 0.5 } }).get('A')!;
    expect(sb.status).toBe('obstructed');
    expect(sb.missing).toEqual(['legal']);
    expect(sb.estimate).toBeNull();
    expect(sb.qaij).toBeNull();
  });

  it('refuses bad options, naming option and value', () => {
    expect(() => bootstrapQaij(data, { draws: -5 })).toThrow('invalid draws: -5');
    expect(() => bootstrapQaij(data, { level: 2 })).toThrow('invalid level: 2');
    expect(() => bootstrapQaij(data, { seed: 0.5 })).toThrow('invalid seed: 0.5');
  });

  it('refuses a task that sits in two strata', () => {
    const rs = [result({ task: 'x', stratum: 'a' }), result({ task: 'x', system: 'B', stratum: 'b' })];
    expect(() => bootstrapQaij(rs, { draws: 1 })).toThrow('task x has two strata: a and b');
  });
});
