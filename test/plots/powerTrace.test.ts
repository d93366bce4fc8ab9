/**
 * The power-trace figure of the stand-in trace (data/traces/standin-two-runs: two fake GPUs at a
 * constant 350 W, one setup window, two overlapping runs a and b).
 */
import { expect, test } from 'vitest';
import { powerTraceFigure } from '../../kernel-lib/plots/powerTrace.ts';

const dir = new URL('../../data/traces/standin-two-runs/', import.meta.url).pathname;

test('one line per GPU at the recorded 350 W, and a shaded band per setup and run window', () => {
  const spec = powerTraceFigure(dir, { provenance: { name: 'standin-two-runs', provenance: 'synthetic', energy_boundary: 'device' } });
  expect(spec.data.map((t) => t.name)).toEqual(['GPU-fake-0000 (power.draw)', 'GPU-fake-0001 (power.draw)']);
  for (const t of spec.data) {
    expect(Math.max(...(t.y as number[]))).toBe(350);
    expect((t.x as number[]).every((x, i, a) => i === 0 || x >= a[i - 1])).toBe(true);
  }
  const shapes = spec.layout.shapes as { name: string; x0: number; x1: number }[];
  expect(shapes.map((s) => s.name)).toEqual(['load', 'a', 'b']);
  expect(shapes[1].x1).toBeGreaterThan(shapes[2].x0); // the runs overlap
  expect(String(spec.layout.meta.caption)).toContain('synthetic');
});

test('thinning keeps at most the requested points per device', () => {
  const spec = powerTraceFigure(dir, { maxPointsPerDevice: 10 });
  for (const t of spec.data) expect((t.x as number[]).length).toBeLessThanOrEqual(10);
});

test('trace provenance is validated and named after the folder', async () => {
  const { traceProvenance } = await import('../../kernel-lib/plots/powerTrace.ts');
  expect(traceProvenance('../data/traces/standin-two-runs/', 'synthetic')).toEqual({ name: 'standin-two-runs', provenance: 'synthetic', energy_boundary: 'device' });
  expect(() => traceProvenance('x', 'measured')).toThrow('invalid trace provenance: measured');
});
