/**
 * The specification curve is data plus options: specifications sorted by the metric (ties by id), the
 * interval as asymmetric error bars, and one choice mark per field of each specification. Oracle: the
 * literal rows below, sorted by hand.
 */
import { describe, expect, test } from 'vitest';
import { specificationCurve } from '../../kernel-lib/plots/specificationCurve.ts';

const rows = [
  { spec: 's001', value: 3, lo: 2, hi: 5, choices: { weights: 'gdp', policy: 'pass@1' }, reference: true },
  { spec: 's002', value: 1, lo: 0.5, hi: 1.5, choices: { weights: 'gdp', policy: 'pass@2' } },
  { spec: 's003', value: 2, lo: null, hi: null, choices: { weights: 'equal', policy: 'pass@1' } },
];

describe('specificationCurve', () => {
  test('sorted by value with intervals, and a panel of the choices each specification made', () => {
    const fig = specificationCurve(rows, { fields: [{ field: 'weights', values: ['gdp', 'equal'] }, { field: 'policy', values: ['pass@1', 'pass@2'] }] });
    const [curve, choices] = fig.data;
    expect(curve.customdata).toEqual(['s002', 's003', 's001']);
    expect(curve.x).toEqual([1, 2, 3]);
    expect(curve.y).toEqual([1, 2, 3]);
    expect(curve.error_y).toMatchObject({ array: [0.5, 0, 2], arrayminus: [0.5, 0, 1] });
    expect((curve.marker as { color: string[] }).color.filter((c, i, a) => a.indexOf(c) === i).length).toBe(2); // the reference in its own colour
    expect(choices.x).toEqual([1, 1, 2, 2, 3, 3]);
    expect(choices.y).toEqual(['weights: gdp', 'policy: pass@2', 'weights: equal', 'policy: pass@1', 'weights: gdp', 'policy: pass@1']);
    expect((fig.layout.yaxis2 as { categoryarray: string[] }).categoryarray).toEqual(['policy: pass@2', 'policy: pass@1', 'weights: equal', 'weights: gdp']);
    expect((fig.layout.yaxis as { title: { text: string } }).title.text).toBe('NVJ (USD/MJ)');
    expect(JSON.parse(JSON.stringify(fig))).toEqual(fig); // plain JSON, no functions
  });
});
