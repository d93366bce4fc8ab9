/**
 * Inference on the specification curve as a whole (joint test under the null), the spread split by
 * choice, and leave-one-unit-out (robustness/inference.ts, leaveOut.ts). Oracles: hand computations on
 * hand-built grids of margins and values; for leave-out, Table 1 built by `table01` on the dataset
 * restricted by hand (another route than the multiverse's rows); for the multiverse, counts recomputed
 * from its own specifications and conclusions.
 */
import { describe, expect, test } from 'vitest';
import { mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { runNode } from '../helpers/child.ts';
import { SMALL } from '../helpers/dataset.ts';
import { parseCsv } from '../../kernel-lib/io/csv.ts';
import { loadDataset, restrictDataset } from '../../kernel-lib/data/load.ts';
import { table01 } from '../../kernel-lib/tables/table01.ts';
import { choiceSpread, jointTest } from '../../kernel-lib/robustness/inference.ts';
import { leaveOut, leaveOutOrder } from '../../kernel-lib/robustness/leaveOut.ts';
import { multiverse } from '../../kernel-lib/robustness/multiverse.ts';
import { multiverseFiles } from '../../kernel-lib/robustness/files.ts';
import { formatNumber } from '../../kernel-lib/io/format.ts';
import { onWarning } from '../../kernel-lib/warn.ts';

onWarning(() => {});
const rowsOf = (file: string) => parseCsv(readFileSync(file, 'utf8'), file).rows.map((r) => r.values as Record<string, string>);

describe('jointTest: the null imposed by centring each specification\'s draws at its margin', () => {
  test('two specifications, four draws, by hand', () => {
    // centred draws: spec 1 [-0.5, 0.5, 0, 1], spec 2 [-0.5, 0.5, 0, 1]: null shares [0, 1, 0, 1], null medians [-0.5, 0.5, 0, 1]
    const t = jointTest('c', [1, 2], [Float64Array.of(0.5, 1.5, 1, 2), Float64Array.of(1.5, 2.5, 2, 3)])!;
    expect(t).toEqual({ conclusion: 'c', specs: 2, share: 1, shareNull95: 1, pShare: (1 + 2) / (1 + 4), median: 1.5, medianNull95: 1, pMedian: 1 / 5 });
  });
  test('a conclusion that holds in few specifications is no evidence: its share is what the null gives often', () => {
    // margins -1, -1, 2 (holds in 1 of 3); the draws spread each by +-3 around its margin
    const d = (m: number) => Float64Array.of(m - 3, m + 3, m - 1, m + 1);
    const t = jointTest('c', [-1, -1, 2], [d(-1), d(-1), d(2)])!;
    expect(t.share).toBeCloseTo(1 / 3, 15);
    // null shares: every draw's centred values are equal across specs: [0, 1, 0, 1]; >= 1/3 in 2 of 4
    expect(t.pShare).toBe(3 / 5);
    expect(t.median).toBe(-1);
    expect(t.pMedian).toBe(4 / 5); // null medians -3, 3, -1, 1: three at least -1
  });
  test('no specification or no draw: no test; unequal draws refused', () => {
    expect(jointTest('c', [], [])).toBeNull();
    expect(jointTest('c', [1], [new Float64Array(0)])).toBeNull();
    expect(() => jointTest('c', [1, 2], [Float64Array.of(1), Float64Array.of(1, 2)])).toThrow('jointTest: every specification needs the same draws');
  });
});

describe('choiceSpread on a hand-built 2 x 2 grid', () => {
  const points = [
    { labels: { policy: 'a', weights: 'x' }, value: 1 }, { labels: { policy: 'b', weights: 'x' }, value: 3 },
    { labels: { policy: 'a', weights: 'y' }, value: 2 }, { labels: { policy: 'b', weights: 'y' }, value: 4 },
  ];
  test('eta squared and the range each choice alone moves', () => {
    // mean 2.5, total SS 5; policy means 1.5 and 3.5: between 4 (0.8); weights means 2 and 3: between 1 (0.2)
    expect(choiceSpread('nvj', ['policy', 'weights'], points)).toEqual([
      { quantity: 'nvj', field: 'policy', levels: 2, eta2: 0.8, rangeMedian: 2, rangeMax: 2 },
      { quantity: 'nvj', field: 'weights', levels: 2, eta2: 0.2, rangeMedian: 1, rangeMax: 1 },
    ]);
  });
  test('an interaction is no field\'s: the eta squared sum below 1', () => {
    const xor = points.map((p) => ({ ...p, value: (p.labels.policy === 'a') === (p.labels.weights === 'x') ? 1 : 0 }));
    const s = choiceSpread('nvj', ['policy', 'weights'], xor);
    expect(s.map((x) => x.eta2)).toEqual([0, 0]);
    expect(s.map((x) => x.rangeMedian)).toEqual([1, 1]);
  });
});

describe('leaveOut on synthetic-small', () => {
  const ds = loadDataset(SMALL);
  const nvjOf = (d: typeof ds) => new Map((table01({ dataset: d, bootstrap: false }).objects() as { system: string; nvj: number }[]).map((r) => [r.system, r.nvj]));
  test('each occupation left out: the NVJ margin sysY - sysX equals Table 1 on the dataset without it', () => {
    const r = leaveOut({ dataset: ds }, 'occupation');
    expect(r.units).toEqual(['occA', 'occB', 'occC']);
    for (const u of r.units) {
      const nvj = nvjOf(restrictDataset(ds, { tasks: (t) => t.occupation !== u, occupations: (o) => o.occupation !== u }));
      const e = r.entries.find((x) => x.unit === u && x.conclusion === 'nvj:sysY>sysX')!;
      expect(e.margin).toBeCloseTo(nvj.get('sysY')! - nvj.get('sysX')!, 9);
    }
    const all = nvjOf(ds);
    const row = r.rows.find((x) => x.conclusion === 'nvj:sysY>sysX')!;
    expect(row.margin).toBeCloseTo(all.get('sysY')! - all.get('sysX')!, 9);
    // the most influential occupation leaves the smallest margin
    const least = r.entries.filter((x) => x.conclusion === 'nvj:sysY>sysX').reduce((a, x) => (x.margin! < a.margin! ? x : a));
    expect([row.mostInfluential, row.marginWithout]).toEqual([least.unit, least.margin]);
  });
  test('flips: the units whose removal leaves a margin <= 0; a leader category left out is not evaluated', () => {
    const r = leaveOut({ dataset: ds }, 'occupation');
    for (const row of r.rows) {
      expect(row.flips).toEqual(r.entries.filter((x) => x.conclusion === row.conclusion && x.margin !== null && x.margin <= 0).map((x) => x.unit));
    }
    // Cat1 is occA alone: without it Table 13 has one category, so no category leads
    expect(r.entries.find((x) => x.unit === 'occA' && x.conclusion === 'cat-lead:nvj')!.margin).toBeNull();
    expect(leaveOutOrder(r)[0].flips.length).toBeGreaterThanOrEqual(leaveOutOrder(r).at(-1)!.flips.length);
    const c = leaveOut({ dataset: ds }, 'category');
    expect(c.units).toEqual(['Cat1', 'Cat2']);
    expect(() => leaveOut({ dataset: ds }, 'sector' as never)).toThrow('invalid leave-out unit: "sector" (expected occupation or category)');
  });
});

describe('the multiverse carries both', () => {
  const ds = loadDataset(SMALL);
  const r = multiverse({ dataset: ds, bootstrap: { draws: 200, seed: 3 } }, { weights: ['gdp', 'equal'], policy: ['pass@1', 'pass@2'], tieCredit: [1, 0] });
  test('a joint test per conclusion with paired draws; its share is the share of those specifications in which it holds', () => {
    expect(r.jointTests.length).toBeGreaterThan(0);
    for (const j of r.jointTests) {
      const e = r.evaluations.filter((x) => x.conclusion === j.conclusion && x.lo !== null);
      expect(j.specs).toBe(e.length);
      expect(j.share).toBeCloseTo(e.filter((x) => x.margin > 0).length / e.length, 15);
      expect(j.pShare).toBeGreaterThan(0);
      expect(j.pShare).toBeLessThanOrEqual(1);
    }
  });
  test('the spread of the primary system\'s NVJ by field equals eta squared recomputed from its rows', () => {
    const own = r.rows.filter((x) => x.system === r.bootstrapSystem);
    const labels = new Map(r.specs.map((s) => [s.spec.id, s.spec.labels]));
    const mean = own.reduce((a, x) => a + x.nvj, 0) / own.length;
    const total = own.reduce((a, x) => a + (x.nvj - mean) ** 2, 0);
    for (const f of r.fields) {
      const by = new Map<string, number[]>();
      for (const x of own) by.set(labels.get(x.spec)![f]!, [...(by.get(labels.get(x.spec)![f]!) ?? []), x.nvj]);
      const between = [...by.values()].reduce((a, g) => a + g.length * (g.reduce((s, v) => s + v, 0) / g.length - mean) ** 2, 0);
      expect(r.spread.find((x) => x.quantity === 'nvj' && x.field === f)!.eta2).toBeCloseTo(between / total, 12);
    }
  });
});

describe('the files and sections of the joint test, the spread and leave-out', () => {
  const ds = loadDataset(SMALL);
  const r = multiverse({ dataset: ds, bootstrap: { draws: 200, seed: 3 } }, { weights: ['gdp', 'equal'], policy: ['pass@1', 'pass@2'], tieCredit: [1, 0] });
  const left = leaveOut({ dataset: ds }, 'occupation');
  const files = multiverseFiles(r, { dataset: 'small', leaveOut: left });
  const md = files['multiverse.md'];
  const p3 = (x: number) => Number(x.toPrecision(3)).toString();
  test('joint_test.csv has every joint test; multiverse.md lists those of the reference\'s conclusions, least supported first', () => {
    const csv = parseCsv(files['joint_test.csv'], 'joint_test.csv').rows.map((x) => x.values as Record<string, string>);
    expect(csv.map((x) => x.conclusion)).toEqual(r.jointTests.map((j) => j.conclusion));
    csv.forEach((x, i) => expect([Number(x.share), Number(x.p_share), Number(x.p_median), Number(x.specs)]).toEqual([r.jointTests[i].share, r.jointTests[i].pShare, r.jointTests[i].pMedian, r.jointTests[i].specs].map((v) => Number(formatNumber(v)))));
    const held = new Set(r.conclusions.filter((c) => c.holdsInReference === true).map((c) => c.conclusion));
    const first = r.jointTests.filter((j) => held.has(j.conclusion)).sort((a, b) => b.pShare - a.pShare || (a.conclusion < b.conclusion ? -1 : 1))[0];
    const section = md.slice(md.indexOf('## Joint test'), md.indexOf('## Spread by choice'));
    const row = section.split('\n').find((l) => l.startsWith('| ') && !l.startsWith('| conclusion') && !l.startsWith('| ---'))!;
    expect(row).toBe(`| ${first.conclusion} | ${first.specs} | ${Math.round(100 * first.share)}% | ${Math.round(100 * first.shareNull95)}% | ${p3(first.pShare)} | ${p3(first.median)} | ${p3(first.pMedian)} |`);
    expect(section).toContain('Null: the conclusion\'s margin is zero in every specification');
  });
  test('spread.csv and the spread section: every field, eta squared as computed, the fields by share', () => {
    const csv = parseCsv(files['spread.csv'], 'spread.csv').rows.map((x) => x.values as Record<string, string>);
    expect(csv.map((x) => `${x.quantity} ${x.field} ${x.eta2}`)).toEqual(r.spread.map((x) => `${x.quantity} ${x.field} ${formatNumber(x.eta2)}`));
    const nvj = r.spread.filter((x) => x.quantity === 'nvj' && x.levels > 1).sort((a, b) => b.eta2 - a.eta2);
    const section = md.slice(md.indexOf('## Spread by choice'), md.indexOf('## Leave one'));
    expect(section).toContain(`| nvj | ${nvj[0].field} | ${nvj[0].levels} | ${p3(nvj[0].eta2)} |`);
    expect(section).toContain(`| nvj | (no choice alone: interactions) |  | ${p3(Math.max(0, 1 - nvj.reduce((a, x) => a + x.eta2, 0)))} |`);
    expect(JSON.parse(files['spread_by_choice.json']).data.map((t: { name: string }) => t.name)).toEqual(['NVJ', 'TSJ']);
  });
  test('leave_out.csv: a row per unit and conclusion, flips where the margin without the unit is <= 0; the section names the most influential unit', () => {
    const csv = parseCsv(files['leave_out.csv'], 'leave_out.csv').rows.map((x) => x.values as Record<string, string>);
    expect(csv.length).toBe(left.units.length * left.rows.length);
    for (const x of csv) expect(x.flips).toBe(x.margin_without === '' ? '' : String(Number(x.margin_without) <= 0));
    const top = leaveOutOrder(left)[0];
    expect(md).toContain(`| ${top.statement} | ${p3(top.margin)} | ${top.flips.length ? `${top.flips.length}: ${top.flips.join('; ')}` : '0'} | ${top.mostInfluential} | ${p3(top.marginWithout!)} |`);
    expect(md).toContain(`${left.rows.filter((x) => x.flips.length).length} of ${left.rows.length} conclusions flip without some occupation`);
  });
});

describe('j2g multiverse --leave-out', () => {
  test('writes leave_out.csv, joint_test.csv, spread.csv and their sections; a bad unit is refused', async () => {
    const out = join(mkdtempSync(join(tmpdir(), 'j2g-leave-')), 'out');
    const r = await runNode(['bin/j2g.mjs', 'multiverse', '--data', SMALL, '--out', out, '--draws', '100', '--leave-out', 'category']);
    expect(r.code, r.stderr).toBe(0);
    const md = readFileSync(join(out, 'multiverse.md'), 'utf8');
    for (const h of ['## Joint test of the specification curve', '## Spread by choice', '## Leave one category out (reference specification)']) expect(md).toContain(h);
    const left = rowsOf(join(out, 'leave_out.csv'));
    expect(new Set(left.map((x) => x.unit))).toEqual(new Set(['Cat1', 'Cat2']));
    expect(left.every((x) => x.by === 'category')).toBe(true);
    expect(rowsOf(join(out, 'joint_test.csv')).length).toBeGreaterThan(0);
    expect(rowsOf(join(out, 'spread.csv')).map((x) => x.field)).toContain('tieCredit');
    const bad = await runNode(['bin/j2g.mjs', 'multiverse', '--data', SMALL, '--out', out, '--leave-out', 'sector']);
    expect(bad.code).not.toBe(0);
    expect(bad.stderr).toContain('--leave-out: "sector" is not allowed (expected occupation or category)');
  }, 120_000);
});
