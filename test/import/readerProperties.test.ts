/**
 * Issue #23, the remaining readers against seeded generators: CodeCarbon emissions.csv, weights files
 * (occupation,weight) and node-rates files (provider,usd_per_node_hour). Each generated valid file
 * round-trips to the values written; each generated one-cell mutation gives an error naming file and
 * line, or the unmutated result. An energy column CodeCarbon's importer does not know is refused.
 */
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { J2GError, ValidationError } from '../../kernel-lib/errors.ts';
import { parseCodeCarbon } from '../../kernel-lib/import/index.ts';
import { parseCsv } from '../../kernel-lib/io/csv.ts';
import { createRng } from '../../kernel-lib/random/prng.ts';
import { nodeRatesOf } from '../../kernel-lib/tables/table05.ts';
import { parseWeightsCsv } from '../../kernel-lib/weights/parseWeightsCsv.ts';
import { clearWarnings, onWarning } from '../../kernel-lib/warn.ts';

beforeEach(() => { clearWarnings(); onWarning(null); });
afterEach(() => vi.restoreAllMocks());

/** 'error' when it throws a ValidationError whose every issue names `file` and a line (or a J2GError naming the file), else the result. */
function outcome<T>(file: string, f: () => T): T | 'error' {
  try {
    return f();
  } catch (e) {
    if (e instanceof ValidationError) {
      for (const i of e.issues) expect(i.file).toBe(file);
      expect(e.issues.some((i) => i.line !== undefined), e.message).toBe(true);
      return 'error';
    }
    if (e instanceof J2GError) { expect(e.message).toContain(file); return 'error'; }
    throw e;
  }
}
const JUNK = ['', '-1', 'abc', '1e999', 'NaN', ' 1', '1,5', '"', '0x10', '1.2.3'];
/** Mutations of a name: another valid name is a changed value, not generated; these are not names. */
const NAME_JUNK = ['', ' x', 'x ', '"', 'a,b'];
const junkFor = (rng: { int(n: number): number }, isName: boolean) => (isName ? NAME_JUNK : JUNK)[rng.int((isName ? NAME_JUNK : JUNK).length)];

describe('CodeCarbon emissions.csv (#23)', () => {
  const HEADER = 'timestamp,run_id,duration,cpu_energy,gpu_energy,ram_energy,energy_consumed,pue,cpu_power';

  it('refuses an energy column in other casing or units instead of ignoring it', () => {
    expect(() => parseCodeCarbon(`${HEADER},GPU_energy_kwh\nt,r,36,0.001,0.002,0.0005,0.0035,1.2,40,9\n`, 'e.csv')).toThrow('e.csv:1: GPU_energy_kwh: unknown energy column');
  });

  it('round-trips 300 generated files, and a one-cell mutation is an error at its line or the same result (seeded)', () => {
    const rng = createRng(23);
    for (let n = 0; n < 300; n++) {
      const runs = Array.from({ length: 1 + rng.int(4) }, (_, i) => {
        const [cpu, gpu, ram] = [rng.int(5000), rng.int(50000), rng.int(1000)].map((x) => x / 1e6);
        return { id: `r${i}`, s: rng.int(3600), cpu, gpu, ram, total: (Math.round((cpu + gpu + ram) * 1e6) / 1e6), pue: 1 + rng.int(5) / 10 };
      });
      const lines = runs.map((r) => `2026-01-01T00:00:00,${r.id},${r.s},${r.cpu},${r.gpu},${r.ram},${r.total},${r.pue},40`);
      const text = [HEADER, ...lines].join('\n') + '\n';
      const base = parseCodeCarbon(text, 'e.csv');
      // oracle: energy_consumed kWh x 3.6 / pue MJ
      expect(base.rows.map((r) => Number(r.energy_mj))).toEqual(runs.map((r) => Number(((r.total * 3.6) / r.pue).toFixed(9))));
      const k = rng.int(lines.length);
      const f = lines[k].split(',');
      const c = 1 + rng.int(7); // a cell j2g reads (run_id .. pue)
      f[c] = junkFor(rng, c === 1);
      const mutated = [HEADER, ...lines.map((l, i) => (i === k ? f.join(',') : l))].join('\n') + '\n';
      const o = outcome('e.csv', () => parseCodeCarbon(mutated, 'e.csv'));
      if (o !== 'error') expect(o.rows).toEqual(base.rows);
    }
  });
});

describe('weights and node-rates files (#23)', () => {
  it('round-trips 300 generated weights files; a one-cell mutation is an error at its line or the same weights (seeded)', () => {
    const rng = createRng(2323);
    for (let n = 0; n < 300; n++) {
      const weights = Object.fromEntries(Array.from({ length: 1 + rng.int(5) }, (_, i) => [`occ${i}`, rng.int(1000) / 10]));
      const lines = Object.entries(weights).map(([o, w]) => `${o},${w}`);
      const base = parseWeightsCsv(['occupation,weight', ...lines].join('\n') + '\n', 'w.csv');
      expect(base).toEqual({ custom: weights });
      const k = rng.int(lines.length);
      const f = lines[k].split(',');
      const c = rng.int(2);
      f[c] = rng.int(3) ? junkFor(rng, c === 0) : 'occ0';
      const o = outcome('w.csv', () => parseWeightsCsv(['occupation,weight', ...lines.map((l, i) => (i === k ? f.join(',') : l))].join('\n') + '\n', 'w.csv'));
      if (o !== 'error') expect(o).toEqual(base);
    }
  });

  it('round-trips 300 generated node-rates files; a one-cell mutation is an error at its line or the same rates (seeded)', () => {
    const rng = createRng(2324);
    for (let n = 0; n < 300; n++) {
      const rates = Array.from({ length: 1 + rng.int(5) }, (_, i) => ({ label: `p${i}`, usdPerNodeHour: rng.int(10000) / 100 }));
      const lines = rates.map((r) => `${r.label},H100,8,${r.usdPerNodeHour}`);
      const header = 'provider,accelerator,accelerator_count,usd_per_node_hour';
      const base = nodeRatesOf(parseCsv([header, ...lines].join('\n') + '\n', 'r.csv'));
      expect(base).toEqual(rates);
      const k = rng.int(lines.length);
      const f = lines[k].split(',');
      const c = [0, 2, 3][rng.int(3)];
      f[c] = junkFor(rng, c === 0);
      const o = outcome('r.csv', () => nodeRatesOf(parseCsv([header, ...lines.map((l, i) => (i === k ? f.join(',') : l))].join('\n') + '\n', 'r.csv')));
      if (o !== 'error') expect(o).toEqual(base);
    }
  });
});

describe('j2g import keeps an earlier --out on a failed run (#23)', () => {
  it('leaves runs.csv byte for byte as it was after 20 generated failing imports (seeded)', async () => {
    const { mkdtempSync, readFileSync, writeFileSync } = await import('node:fs');
    const { tmpdir } = await import('node:os');
    const { join } = await import('node:path');
    const { j2gInProcess } = await import('../helpers/cli.ts');
    const dir = mkdtempSync(join(tmpdir(), 'j2g-imp-out-'));
    const out = join(dir, 'runs.csv');
    writeFileSync(out, 'run_id,energy_mj\nearlier,1\n');
    const rng = createRng(2325);
    const header = 'run_id,duration,cpu_energy,gpu_energy,ram_energy,energy_consumed,pue';
    for (let n = 0; n < 20; n++) {
      const f = ['r', '36', '0.001', '0.002', '0.0005', '0.0035', '1.2'];
      f[1 + rng.int(6)] = JUNK[rng.int(JUNK.length)];
      const from = join(dir, `e${n}.csv`);
      writeFileSync(from, `${header}\n${f.join(',')}\n`);
      const r = await j2gInProcess(['import', 'codecarbon', '--from', from, '--out', out]);
      if (r.code === 0) { writeFileSync(out, 'run_id,energy_mj\nearlier,1\n'); continue; }
      expect(r.err).toMatch(new RegExp(`${from.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}:2: `));
      expect(readFileSync(out, 'utf8')).toBe('run_id,energy_mj\nearlier,1\n');
    }
  });
});
