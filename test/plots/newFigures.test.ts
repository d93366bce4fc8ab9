/**
 * Figures 1(a), 1(b), 1's energy scale, 2, the per-task panels of 3 and the whiskers of 4, and the
 * provenance marks, checked against hand counts from synthetic-small's files and the constants of
 * data/reference/energy_scale.csv.
 */
import { describe, expect, it } from 'vitest';
import { loadDataset } from '../../kernel-lib/data/index.ts';
import {
  benefitPerJouleRow, categoryRows, defaultFigure2Task, figure2Choice, figure2ChoiceWords, energyScaleRows, figure01Scale, labelPositions, markProvenance,
  paperFigure, provenanceBadgeText, referenceRows, studyCountRows, taskAccountRow, FIGURE2_EXAMPLE_TITLE,
} from '../../kernel-lib/plots/index.ts';
import { loadEnergyScale, loadTaskTitles } from '../../kernel-lib/reference/index.ts';
import { categorySummaries, table17 } from '../../kernel-lib/tables/index.ts';
import { onWarning } from '../../kernel-lib/warn.ts';
import { SMALL, editedDataset } from '../helpers/dataset.ts';

onWarning(null);
const dataset = loadDataset(SMALL);

describe('Figure 2: one task, data-driven', () => {
  it('A1 on sysX: H x W, each attempt as recorded, and what pass@1 credits (hand count)', () => {
    // tasks.csv: A1 occA 2 h; occupations.csv: occA 50 USD/h -> 100 USD. runs.csv: xA1a1 0.5 h, 1 USD,
    // 0.2 MJ, J1 win; xA1a2 0.25 h, 0.5 USD, 0.1 MJ, J1 loss. pass@1 credits attempt 1: G 100, C 1,
    // E 0.2, S = 2 - 0.5 = 1.5 h.
    const r = taskAccountRow({ dataset, taskId: 'A1' });
    expect(r).toMatchObject({ occupation: 'occA', system: 'sysX', expertHours: 2, wageUSDPerHour: 50, outputValueUSD: 100, policy: 'pass@1' });
    expect(r.attempts.map((a) => [a.attempt, a.aiHours, a.costUSD, a.energyMJ, a.outcome])).toEqual([[1, 0.5, 1, 0.2, 'win'], [2, 0.25, 0.5, 0.1, 'loss']]);
    expect([r.creditedValueUSD, r.chargedCostUSD, r.chargedEnergyMJ, r.timeSavingHours]).toEqual([100, 1, 0.2, 1.5]);
    expect(() => taskAccountRow({ dataset, taskId: 'Z9' })).toThrow('Figure 2: unknown task: Z9');
  });

  it('each attempt costs what the scenario charges: at a node rate of 30 USD/h, re-priced as C is (hand count, Appendix G.1)', () => {
    // systems.csv: sysX at 10 USD per node-hour; runs.csv has no node_hours, so node time = cost / 10:
    // xA1a1 1 USD -> 0.1 h -> 1 + 0.1 x (30 - 10) = 3 USD; xA1a2 0.5 USD -> 0.05 h -> 1.5 USD. pass@1 charges attempt 1: C = 3.
    const r = taskAccountRow({ dataset, taskId: 'A1', rates: { nodeRateUSDPerHour: 30 } });
    expect(r.attempts.map((a) => a.costUSD)).toEqual([3, 1.5]);
    expect(r.chargedCostUSD).toBe(3);
    // under pass@2 both attempts are charged: C = 3 + 1.5, the sum of the per-attempt bars
    const two = taskAccountRow({ dataset, taskId: 'A1', rates: { nodeRateUSDPerHour: 30 }, policy: 'pass@2' });
    expect(two.chargedCostUSD).toBe(two.attempts[0].costUSD + two.attempts[1].costUSD);
    // the figure's per-attempt cost panel draws the re-priced costs, the same C as its "Charged cost C" bar
    const spec = paperFigure('2', { dataset, bootstrap: false, figure2Task: 'A1', rates: { nodeRateUSDPerHour: 30 } });
    const perAttempt = spec.data.find((t) => t.name === 'AI-system cost per attempt')!;
    expect(perAttempt.x).toEqual([3, 1.5]);
    const credited = spec.data.find((t) => String(t.name).startsWith('Credited under'))!;
    expect((credited.x as number[])[2]).toBe(3);
  });

  it("shows the paper's example whenever the system ran it, whatever its outcome; else a stand-in with a win or tie (judgments.csv by hand)", () => {
    const titles = loadTaskTitles();
    // no example in synthetic-small: A1 (xA1a1 win) is the first task with a win
    expect(figure2Choice({ dataset }, titles)).toEqual({ taskId: 'A1', reason: 'first-win' });
    expect(defaultFigure2Task({ dataset }, titles)).toBe('A1');
    // C1 as the example (xC1a1 wins): the example
    expect(figure2Choice({ dataset }, new Map([['C1', { title: FIGURE2_EXAMPLE_TITLE }]]))).toEqual({ taskId: 'C1', reason: 'paper-example' });
    // B2 as the example loses both attempts (xB2a1, xB2a2): still the example, a loss showing what losing costs
    expect(figure2Choice({ dataset }, new Map([['B2', { title: FIGURE2_EXAMPLE_TITLE }]]))).toEqual({ taskId: 'B2', reason: 'paper-example' });
    // the example titled but not run by sysY (drop yB2): B1 of its occupation occB, which ties (yB1 under J1)
    const noYB2 = loadDataset(editedDataset({ 'runs.csv': (t) => t.replace(/^yB2,.*\n/m, ''), 'judgments.csv': (t) => t.replace(/^yB2,.*\n/gm, '') }));
    const y = figure2Choice({ dataset: noYB2, system: 'sysY' }, new Map([['B2', { title: FIGURE2_EXAMPLE_TITLE }]]));
    expect(y.reason).toBe('example-occupation');
    expect(noYB2.rows.tasks.find((t) => t.task_id === y.taskId)!.occupation).toBe('occB');
    // every judgment a loss and no example: the first task the system ran
    const losing = loadDataset(editedDataset({ 'judgments.csv': (t) => t.replace(/,(win|tie)$/gm, ',loss') }));
    expect(figure2Choice({ dataset: losing }, titles)).toEqual({ taskId: 'A1', reason: 'first-run' });
    // asked for: that task, and an unknown id refused naming the parameter
    expect(figure2Choice({ dataset }, titles, 'C2')).toEqual({ taskId: 'C2', reason: 'asked' });
    expect(() => figure2Choice({ dataset }, titles, 'Z9')).toThrow(/Figure 2: unknown task: Z9 \(figure2Task/);
    expect(String(paperFigure('2', { dataset, bootstrap: false, figure2Task: 'C1' }).layout.title?.text)).toContain('task C1 (occC)');
  });

  it('says in its caption which task it shows and why', () => {
    const asked = paperFigure('2', { dataset, bootstrap: false, figure2Task: 'C1' });
    expect(JSON.stringify(asked.layout)).toContain('Task C1 is shown because figure2Task asks for it.');
    const dflt = paperFigure('2', { dataset, bootstrap: false, taskTitles: new Map([['B2', { title: FIGURE2_EXAMPLE_TITLE }]]) });
    expect(JSON.stringify(dflt.layout)).toContain(`Task B2 is the paper's example task (${FIGURE2_EXAMPLE_TITLE}), shown whatever its outcome`);
    expect(figure2ChoiceWords({ taskId: 'A1', reason: 'first-win' })).toBe(`The system did not run the paper's example task (${FIGURE2_EXAMPLE_TITLE}) in this dataset, so Figure 2 shows task A1: the first task with a win or tie (set figure2Task for another).`);
    expect(figure2ChoiceWords({ taskId: 'A1', reason: 'first-run' })).toContain('no attempt of any task wins or ties');
    expect(figure2ChoiceWords({ taskId: 'B1', reason: 'example-occupation' })).toContain("the first task of the example's occupation with a win or tie");
  });
});

describe('Figure 1(a), 1(b) and the energy scale', () => {
  it('1(a) shows the Table 1 components of the primary system and NVJ = (G - C)/E in its panel title', () => {
    const r = benefitPerJouleRow({ dataset, bootstrap: false });
    expect(r.nvj).toBeCloseTo((r.valueUSD - r.costUSD) / r.energyMJ, 12);
    expect(r.tsj).toBeCloseTo(r.timeSavingHours / r.energyMJ, 12);
    const spec = paperFigure('1a', { dataset, bootstrap: false });
    expect(spec.layout.annotations!.some((a) => String(a.text).includes(`NVJ = (G − C)/E = ${r.nvj.toFixed(1)} USD/MJ`))).toBe(true);
  });

  it('1(b) counts what the dataset compares (hand count of synthetic-small)', () => {
    expect(Object.fromEntries(studyCountRows({ dataset }).map((r) => [r.what, r.count]))).toEqual({
      Tasks: 6, Occupations: 3, 'Occupation categories': 2, Sectors: 2, Models: 2, 'Accelerator types': 2, 'AI systems': 2, 'LLM judges': 2,
    });
  });

  it('the energy scale is 700 W x 3600 s = 2.52 MJ from energy_scale.csv, with H200 minutes and laptop hours per bar', () => {
    const scale = loadEnergyScale();
    expect(scale.scaleMJ).toBeCloseTo(2.52, 12);
    expect(scale.laptopPowerW).toBeCloseTo(2.52e6 / (23 * 3600), 9);
    // the paper's Section 3.2: 0.430 MJ is 10.2 minutes of one H200 and about four laptop hours
    const spec = figure01Scale(scale, [{ label: 'GLM 5.2, one task', energyMJ: 0.43 }]);
    expect((spec.data[0].text as string[])[1]).toBe('0.430 MJ ≈ 10.2 min of one H200 ≈ 3.9 h of laptop use');
    expect(spec.data[0].x).toEqual([2.52, 0.43]);
    expect(energyScaleRows({ dataset, bootstrap: false })[0].energyMJ).toBeCloseTo(benefitPerJouleRow({ dataset, bootstrap: false }).energyMJ, 12);
  });
});

describe('Figure 3 per-task panels and Figure 4 whiskers', () => {
  it('net value per task is G - C and time saving per task is S of Table 13', () => {
    const rows = categoryRows({ dataset, bootstrap: false });
    const t13 = categorySummaries({ dataset, bootstrap: false });
    rows.forEach((r, k) => {
      expect(r.netValueUSD).toBeCloseTo(t13[k].valueUSD - t13[k].costUSD, 12);
      expect(r.timeSavingHours).toBeCloseTo(t13[k].timeSavingHours, 12);
    });
    expect(paperFigure('3', { dataset, bootstrap: false }).data).toHaveLength(6);
  });

  it("Figure 4's whiskers are Table 17's diagonal intervals", () => {
    const options = { dataset, bootstrap: { draws: 200, seed: 3 } };
    const rows = referenceRows(options);
    const t17 = table17(options).objects() as Record<string, number | string>[];
    for (const r of rows) {
      const d = t17.find((x) => x.judgment_reference === r.reference && x.time_reference === r.reference)!;
      expect([r.nvjLo, r.nvjHi, r.tsjLo, r.tsjHi]).toEqual([d.nvj_lo, d.nvj_hi, d.tsj_lo, d.tsj_hi]);
    }
    const spec = paperFigure('4', options);
    const nvj = spec.data[1] as unknown as { error_y: { array: number[]; arrayminus: number[] }; y: number[] };
    expect(nvj.error_y.array[0]).toBeCloseTo((rows[0].nvjHi as number) - rows[0].nvj, 12);
    expect(referenceRows({ dataset, bootstrap: false }).every((r) => r.nvjLo === null)).toBe(true);
  });
});

describe('provenance marks inside figures', () => {
  const rec = { name: 'joules-to-gdp-reconstructed', provenance: 'reconstructed' as const, energy_boundary: 'system' };
  it('marks the figures that rest on unconstrained reconstructed inputs, and says where that is explained', () => {
    expect(provenanceBadgeText('6', rec)).toContain('NOT CONSTRAINED BY THE PAPER');
    expect(provenanceBadgeText('6', rec)).toContain('data/recorded/joules-to-gdp-reconstructed/README.md');
    expect(provenanceBadgeText('5', rec)).toContain('PARTLY NOT CONSTRAINED');
    expect(provenanceBadgeText('3', rec)).toBe('RECONSTRUCTED: values pinned by published numbers');
    expect(provenanceBadgeText('3', { ...rec, provenance: 'recorded' })).toBeNull();
    expect(provenanceBadgeText('3', { ...rec, provenance: 'synthetic' })).toMatch(/^SYNTHETIC DATA/);
  });
  it('the badge takes a row of its own: the figure grows, the plot keeps its height', () => {
    const spec = paperFigure('12', { dataset, bootstrap: false });
    const plain = { ...spec, layout: { ...spec.layout, annotations: [] as Record<string, unknown>[], height: 400, margin: { t: 100, b: 110, l: 70, r: 20 } } };
    const marked = markProvenance(structuredClone(plain), '12', rec);
    // three lines of 12 px, 8 px padding, 8 px gap: a 52 px row
    expect(marked.layout.height).toBe(452);
    expect((marked.layout.margin as { t: number }).t).toBe(152);
    expect(marked.layout.meta.provenanceBadge).toContain('win/tie split');
  });
});

describe('labelPositions', () => {
  it('two markers at the same spot get different label positions; a lone marker keeps the label above', () => {
    const pos = labelPositions([{ id: 'a', x: 100, y: 100, chars: 10 }, { id: 'b', x: 102, y: 101, chars: 10 }], { w: 400, h: 300 });
    expect(pos.get('a')).not.toBe(pos.get('b'));
    expect(labelPositions([{ id: 'a', x: 200, y: 100, chars: 5 }], { w: 400, h: 300 }).get('a')).toBe('top center');
  });
});
