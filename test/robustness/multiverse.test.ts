/**
 * The multiverse (issue #26, part 1) on synthetic-small. Oracles: `j2g tables` run under each
 * specification's scenario (its table01.csv and table19.csv), hand computation for the reference
 * specification (sysX pass@1 NVJ 203.35 USD/MJ: G~ 52, C~ 1.1625, E~ 0.25; test/tables/synthetic-small),
 * and counts recomputed here from specifications.csv and evaluations.csv. The CLI runs in child
 * processes (test/helpers/child.ts).
 */
import { beforeAll, describe, expect, test } from 'vitest';
import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { runNode } from '../helpers/child.ts';
import { SMALL } from '../helpers/dataset.ts';
import { parseCsv } from '../../kernel-lib/io/csv.ts';
import { loadDataset } from '../../kernel-lib/data/load.ts';
import { resolveContext } from '../../kernel-lib/tables/context.ts';
import { checkGrid, defaultGrid, specFlags, specifications } from '../../kernel-lib/robustness/grid.ts';
import { onWarning } from '../../kernel-lib/warn.ts';

onWarning(() => {});
const dir = mkdtempSync(join(tmpdir(), 'j2g-multiverse-'));
const out = join(dir, 'out');
const DRAWS = '300';
const grid = { judge: ['J1', 'J2'], weights: ['gdp', 'equal'], policy: ['pass@1', 'pass@2'], rates: ['recorded', 20] };
const rowsOf = (file: string) => parseCsv(readFileSync(file, 'utf8'), file).rows.map((r) => r.values as Record<string, string>);
let specs: Record<string, string>[], specRows: Record<string, string>[], conclusions: Record<string, string>[], evaluations: Record<string, string>[];
let md: string;

beforeAll(async () => {
  writeFileSync(join(dir, 'grid.json'), JSON.stringify(grid));
  const r = await runNode(['bin/j2g.mjs', 'multiverse', '--data', SMALL, '--out', out, '--grid', join(dir, 'grid.json'), '--draws', DRAWS, '--budget']);
  expect(r.code, r.stderr).toBe(0);
  specs = rowsOf(join(out, 'specs.csv'));
  specRows = rowsOf(join(out, 'specifications.csv'));
  conclusions = rowsOf(join(out, 'conclusions.csv'));
  evaluations = rowsOf(join(out, 'evaluations.csv'));
  md = readFileSync(join(out, 'multiverse.md'), 'utf8');
}, 120_000);

describe('j2g multiverse', () => {
  test('every specification of the grid is listed once, the unsupported ones with the reason', () => {
    expect(specs.length).toBe(2 * 2 * 2 * 2);
    expect(specs.map((s) => s.spec_id)).toEqual(Array.from({ length: 16 }, (_, i) => `s${String(i + 1).padStart(3, '0')}`));
    // J2 judged attempt 1 of sysX only (judgments.csv): pass@2 under J2 cannot be evaluated
    const unsupported = specs.filter((s) => s.supported === 'false');
    expect(unsupported.map((s) => [s.judge, s.policy])).toEqual(Array(4).fill(['J2', 'pass@2']));
    for (const s of unsupported) {
      expect(s.reason).toMatch(/^cannot evaluate sysX \(judge J2, pass@2\)/);
      expect(md).toContain(`| ${s.spec_id} |`);
    }
    expect(new Set(specRows.map((r) => r.spec_id))).toEqual(new Set(specs.filter((s) => s.supported === 'true').map((s) => s.spec_id)));
    expect(md).toContain('the same resampled tasks');
  });

  test('the reference specification is the paper\'s: sysX NVJ 203.35 USD/MJ (hand computation)', () => {
    const ref = specRows.find((r) => r.spec_id === 's001' && r.system === 'sysX')!;
    expect([ref.judge, ref.weights, ref.policy, ref.rates]).toEqual(['J1', 'gdp', 'pass@1', 'recorded']);
    expect(Number(ref.nvj)).toBeCloseTo(203.35, 9);
    expect(Number(ref.tsj)).toBeCloseTo(4.1, 9);
  });

  test('each specification\'s Table 1 equals j2g tables run under that scenario, and its interval Table 19\'s on the same draws', async () => {
    // specifications varying every field: judge, weights, policy, and a re-priced rate
    for (const id of ['s001', 's004', 's006', 's010', 's013']) {
      const spec = specs.find((s) => s.spec_id === id)!;
      expect(spec.supported, id).toBe('true');
      const t = join(dir, `tables-${id}`);
      const r = await runNode(['bin/j2g.mjs', 'tables', '--data', SMALL, '--out', t, '--draws', DRAWS, ...spec.flags.split(' ')]);
      expect(r.code, r.stderr).toBe(0);
      const table01 = rowsOf(join(t, 'table01.csv'));
      const mine = specRows.filter((x) => x.spec_id === id);
      expect(mine.map((x) => x.system), id).toEqual(table01.map((x) => x.system));
      for (const row of table01) expect(mine.find((x) => x.system === row.system)!.nvj, `${id} ${row.system}`).toBe(row.nvj);
      // Table 19's row of the specification's policy resamples the same tasks with the same seed
      const t19 = rowsOf(join(t, 'table19.csv')).find((x) => x.policy === spec.policy);
      const sysX = mine.find((x) => x.system === 'sysX')!;
      if (t19) {
        for (const c of ['nvj', 'nvj_lo', 'nvj_hi', 'tsj', 'tsj_lo', 'tsj_hi']) expect(Number(sysX[c]), `${id} ${c}`).toBeCloseTo(Number(t19[c]), 8);
      }
    }
  }, 120_000);

  test('conclusions.csv\'s counts equal counts taken from specifications.csv and evaluations.csv', () => {
    const bySpec = new Map<string, Map<string, Record<string, string>>>();
    for (const r of specRows) {
      if (!bySpec.has(r.spec_id)) bySpec.set(r.spec_id, new Map());
      bySpec.get(r.spec_id)!.set(r.system, r);
    }
    let checked = 0;
    for (const c of conclusions) {
      const pair = /^(nvj|tsj):(.+)>(.+)$/.exec(c.conclusion);
      const lead = /^lead:(nvj|tsj)$/.exec(c.conclusion);
      if (pair || lead) {
        let holds = 0, of = 0;
        for (const rows of bySpec.values()) {
          if (pair) {
            const a = rows.get(pair[2]), b = rows.get(pair[3]);
            if (!a || !b) continue;
            of++;
            if (Number(a[pair[1]]) > Number(b[pair[1]])) holds++;
          } else {
            const leader = c.statement.split(' ')[0];
            if (!rows.has(leader) || rows.size < 2) continue;
            of++;
            const best = Math.max(...[...rows].filter(([s]) => s !== leader).map(([, r]) => Number(r[lead![1]])));
            if (Number(rows.get(leader)![lead![1]]) > best) holds++;
          }
        }
        expect([Number(c.holds), Number(c.of)], c.conclusion).toEqual([holds, of]);
        checked++;
      }
      const ev = evaluations.filter((e) => e.conclusion === c.conclusion);
      expect(ev.length, c.conclusion).toBe(Number(c.of));
      expect(ev.filter((e) => Number(e.margin) > 0).length, c.conclusion).toBe(Number(c.holds));
      expect(ev.filter((e) => Number(e.margin_lo) > 0).length, c.conclusion).toBe(Number(c.holds_with_interval));
      if (Number(c.of)) {
        expect(Number(c.share)).toBeCloseTo(Number(c.holds) / Number(c.of), 10);
        expect(Number(c.share_with_interval)).toBeCloseTo(Number(c.holds_with_interval) / Number(c.of), 10);
      }
    }
    expect(checked).toBe(6); // 2 ordered pairs x 2 metrics, 2 leaders
    // pairs: margin = difference of the two systems' ratios in specifications.csv
    for (const e of evaluations.filter((x) => x.conclusion.startsWith('nvj:'))) {
      const [, a, b] = /^nvj:(.+)>(.+)$/.exec(e.conclusion)!;
      const rows = bySpec.get(e.spec_id)!;
      expect(Number(e.margin)).toBeCloseTo(Number(rows.get(a)!.nvj) - Number(rows.get(b)!.nvj), 8);
    }
  });
});

describe('j2g multiverse --budget', () => {
  test('uncertainty_budget.csv: tasks-only widths are the reference specification\'s intervals; every row of Table 1 and Table 13', () => {
    const budget = rowsOf(join(out, 'uncertainty_budget.csv'));
    expect(budget.map((r) => `${r.scope} ${r.row} ${r.metric}`)).toEqual(['table01 sysX nvj', 'table01 sysX tsj', 'table01 sysY nvj', 'table01 sysY tsj', 'table13 Cat1 nvj', 'table13 Cat1 tsj', 'table13 Cat2 nvj', 'table13 Cat2 tsj']);
    for (const system of ['sysX', 'sysY']) {
      const s = specRows.find((r) => r.spec_id === 's001' && r.system === system)!;
      for (const metric of ['nvj', 'tsj']) {
        const b = budget.find((r) => r.row === system && r.metric === metric)!;
        expect(Number(b.estimate)).toBeCloseTo(Number(s[metric]), 8);
        expect(Number(b.width_tasks) / (Number(s[`${metric}_hi`]) - Number(s[`${metric}_lo`]))).toBeCloseTo(1, 9);
      }
    }
    const fig = JSON.parse(readFileSync(join(out, 'uncertainty_budget.json'), 'utf8'));
    expect(fig.data.map((t: { name: string }) => t.name)).toEqual(['tasks only (the published intervals)', '+ attempts', '+ grading', '+ meter', 'all sources']);
  });
});

describe('grids', () => {
  const ds = loadDataset(SMALL);
  const ctx = resolveContext({ dataset: ds });
  test('the default grid: every judge, three weights, both references, the policies of every system (sysX has 2 attempts, sysY 1), tie credit 1 and 0', () => {
    expect(defaultGrid(ctx)).toEqual({
      judge: ['J1', 'J2'], weights: ['gdp', 'employment', 'equal'], judgmentReference: ['expert_only', 'expert_with_ai'],
      policy: ['pass@1', 'pass@2', '2-of-2'], tieCredit: [1, 0], rates: ['recorded'],
    });
    expect(defaultGrid(ctx, [{ label: 'GCP', usdPerNodeHour: 12 }]).rates).toEqual(['recorded', { label: 'GCP', usdPerNodeHour: 12 }]);
  });
  test('a rate re-prices the systems of the primary system\'s node type that have a node rate (as --rate does)', () => {
    const [s] = specifications(ctx, checkGrid({ rates: [20] }, ctx));
    expect(s.patch.rates).toEqual({ bySystem: { sysX: 20 } });
  });
  test('a tie credit of the grid patches the specification and prints as --tie-credit', () => {
    const specs = specifications(ctx, checkGrid({ policy: ['pass@1'], tieCredit: [1, 0] }, ctx));
    expect(specs.map((s) => [s.id, s.patch.tieCredit, s.labels.tieCredit, specFlags(s)])).toEqual([
      ['s001', 1, '1', ['--policy', 'pass@1', '--tie-credit', '1']],
      ['s002', 0, '0', ['--policy', 'pass@1', '--tie-credit', '0']],
    ]);
  });
  test('a bad grid is refused naming the field and the value', () => {
    expect(() => checkGrid({ colour: ['red'] }, ctx)).toThrow('invalid grid field colour (expected one of system, judge, weights, judgmentReference, timeReference, policy, tieCredit, rates)');
    expect(() => checkGrid({ tieCredit: [1, 1.5] }, ctx)).toThrow('invalid grid field tieCredit: 1.5 (expected a number from 0 to 1)');
    expect(() => checkGrid({ tieCredit: ['0'] }, ctx)).toThrow('invalid grid field tieCredit: "0" (expected a number from 0 to 1)');
    expect(() => checkGrid({ policy: ['pass2'] }, ctx)).toThrow('invalid grid field policy: "pass2" (expected pass@k or m-of-n)');
    expect(() => checkGrid({ judge: ['J9'] }, ctx)).toThrow('invalid grid field judge: "J9" (expected a judge of judgments.csv: J1, J2)');
    expect(() => checkGrid({ weights: [] }, ctx)).toThrow('invalid grid field weights: expected a non-empty list of values');
    expect(() => checkGrid({ weights: ['gdp', 'gdp'] }, ctx)).toThrow('invalid grid field weights: gdp is listed twice');
  });
});

describe('multiverse()', () => {
  test('deterministic for a fixed seed: the same files twice', async () => {
    const { multiverse } = await import('../../kernel-lib/robustness/multiverse.ts');
    const { multiverseFiles } = await import('../../kernel-lib/robustness/files.ts');
    const run = () => multiverseFiles(multiverse({ dataset: loadDataset(SMALL), bootstrap: { draws: 200, seed: 3 } }, { weights: ['gdp', 'equal'], policy: ['pass@1', 'pass@2'] }), { dataset: SMALL });
    expect(run()).toEqual(run());
  });
  test('without the bootstrap: no intervals, share_with_interval empty, counts still taken', async () => {
    const { multiverse } = await import('../../kernel-lib/robustness/multiverse.ts');
    const r = multiverse({ dataset: loadDataset(SMALL), bootstrap: false }, { weights: ['gdp', 'equal'] });
    expect(r.rows.every((x) => x.nvj_lo === null && x.tsj_hi === null)).toBe(true);
    const c = r.conclusions.find((x) => x.conclusion === 'nvj:sysY>sysX')!;
    expect([c.holds, c.of, c.holdsWithInterval, c.shareWithInterval]).toEqual([2, 2, null, null]);
  });
});
