/**
 * kernel-lib/scenario/compare.ts, the parts that need no table build (issue #29): which scenario fields
 * differ, rank groups with ties, the value-energy frontier, and the three renderings of a comparison
 * (interval coverage in words, CSV, Markdown, HTML). test/scenario/compare.test.ts checks
 * compareScenarios on synthetic-small; its renderings only through intervalCoverage. Oracles: small
 * comparisons written by hand and the documented formats (6 significant digits on screen, 12 in the
 * CSV, RFC 4180 quoting, `|` and `\` escaped in Markdown, `&<>` in HTML), each expected text written out.
 *
 * Mutation run (docs/mutation.md, session s9-29b; compare.ts lines 63-97 and 170-260 with this file
 * alone): the first run's 19 survivors led to the two-conclusion, two-change, tied-names, touching-zero
 * and bookkeeping-in-the-baseline cases; equivalent (no output can tell them apart):
 * - scenarioChanges' `b.derived ?? []` made `["Stryker was here"]` (line 70): no field has that name.
 * - csvCell's `v === null` return made `false`: null then falls through to the join, which writes
 *   null as empty text.
 * Session s11-sc took out the code behind three more (no output changed): rankGroups' name tie-break
 * (it ordered only rows of exactly equal value, which fall in one group, and each group is sorted),
 * frontierMembers' `q !== p` (a point never dominates itself: the strict part fails), and comparisonPage's
 * `x.lo !== null && x.hi !== null` guard (now `(x.lo ?? 0) > 0 || (x.hi ?? 0) < 0`, whose mutants the
 * touching-zero and no-interval cases kill).
 */
import { describe, expect, test } from 'vitest';
import { loadDataset } from '../../kernel-lib/data/load.ts';
import {
  comparisonCsv, comparisonMarkdown, comparisonPage, frontierMembers, intervalCoverage, rankGroups, scenarioChanges,
  type CellDifference, type ScenarioComparison,
} from '../../kernel-lib/scenario/compare.ts';
import { resolveScenario } from '../../kernel-lib/scenario/resolve.ts';
import type { ResolvedScenario } from '../../kernel-lib/scenario/schema.ts';
import { SMALL } from '../helpers/dataset.ts';

const small = loadDataset(SMALL);
// a function, called in each test: resolve.ts run while vitest collects the file would make its mutants "static" (docs/mutation.md)
const resolved = () => resolveScenario({ dataset: SMALL }, small);
const H = (c: string) => c.repeat(64);
const cell = (table: string, row: string, column: string, b: number | null, v: number | null, lo: number | null = null, hi: number | null = null): CellDifference => {
  const difference = b !== null && v !== null ? v - b : null;
  return { table, row, column, base: b, variant: v, difference, percentChange: difference !== null && b ? (100 * difference) / Math.abs(b) : null, lo, hi };
};

describe('scenarioChanges', () => {
  test('the fields that differ, in scenario.json order, as JSON; a derived one marked', () => {
    const base = resolved();
    const v: ResolvedScenario = { ...base, policy: 'pass@2', judgmentReference: 'expert_with_ai', timeReference: 'expert_with_ai', derived: base.derived.filter((f) => f !== 'policy' && f !== 'judgmentReference') };
    expect(scenarioChanges(base, v)).toStrictEqual([
      'judgmentReference: "expert_only" -> "expert_with_ai"',
      'timeReference: "expert_only" -> "expert_with_ai" (derived)',
      'policy: "pass@1" -> "pass@2"',
    ]);
    expect(scenarioChanges(base, base)).toStrictEqual([]);
  });

  test('bookkeeping is no change; the dataset hash counts only across datasets', () => {
    const base = resolved();
    const v: ResolvedScenario = { ...base, derived: [], datasetFiles: { 'runs.csv': H('a') }, datasetChange: { fromSha256: H('b'), changedFiles: [] }, datasetSha256: H('c') };
    const a: ResolvedScenario = { ...base, datasetSha256: H('d'), datasetFiles: { 'runs.csv': H('e') }, datasetChange: { fromSha256: H('f'), changedFiles: ['tasks.csv'] } };
    expect(scenarioChanges(a, v)).toStrictEqual([]);
    expect(scenarioChanges(a, { ...v, dataset: 'other' })).toStrictEqual([`dataset: ${JSON.stringify(SMALL)} -> "other"`, `datasetSha256: "${H('d')}" -> "${H('c')}"`]);
    const { derived: _, ...old } = base; // an object without `derived`: nothing is marked
    expect(scenarioChanges(base, { ...old, draws: 5 } as ResolvedScenario)).toStrictEqual(['draws: 2000 -> 5']);
  });
});

describe('rankGroups', () => {
  test('highest first, rows without a value left out, ties grouped in name order', () => {
    expect(rankGroups([{ key: 'a', value: 1 }, { key: 'c', value: 3 }, { key: 'd', value: null }, { key: 'b', value: 3 }, { key: 'e', value: 2 }])).toStrictEqual([['b', 'c'], ['e'], ['a']]);
    expect(rankGroups([{ key: 'x', value: -1 }, { key: 'y', value: -2 }])).toStrictEqual([['x'], ['y']]);
    expect(rankGroups([])).toStrictEqual([]);
  });
  test('float noise is a tie, whichever side is larger; a real difference is not', () => {
    // the larger of two tied values has the later name: the group is still in name order
    expect(rankGroups([{ key: 'y', value: 0.3 }, { key: 'z', value: 0.1 + 0.2 }, { key: 'x', value: 0.2 }])).toStrictEqual([['y', 'z'], ['x']]);
    expect(rankGroups([{ key: 'p', value: -5 }, { key: 'q', value: -4.999999999999999 }])).toStrictEqual([['p', 'q']]);
    expect(rankGroups([{ key: 'q', value: 1 }, { key: 'p', value: 1 + 1e-6 }])).toStrictEqual([['p'], ['q']]);
  });
});

describe('frontierMembers', () => {
  test('a point is off the frontier when another has no more energy and no less value, one strictly', () => {
    const pts = [
      { id: 'A', energyMJ: 1, valueUSD: 10 }, { id: 'B', energyMJ: 2, valueUSD: 20 },
      { id: 'C', energyMJ: 2, valueUSD: 15 }, // B: same energy, more value
      { id: 'D', energyMJ: 3, valueUSD: 20 }, // B: less energy, same value
      { id: 'E', energyMJ: 0.5, valueUSD: 5 }, { id: 'F', energyMJ: 1, valueUSD: 10 }, // F equals A: neither dominates
      { id: 'G', energyMJ: 4, valueUSD: 19 }, // B: both strictly
    ];
    expect(frontierMembers(pts)).toStrictEqual(['A', 'B', 'E', 'F']);
  });
});

const comparison = (cells: CellDifference[], over: Partial<ScenarioComparison> = {}): ScenarioComparison =>
  ({ base: resolved(), variant: { ...resolved(), policy: 'pass@2' }, changes: ['policy: "pass@1" -> "pass@2"'], cells, conclusions: [], draws: 400, seed: 7, ...over });

describe('intervalCoverage', () => {
  test('per table the columns with an interval and on how many rows, then the tables without', () => {
    const c = comparison([
      cell('table01', 'sysX', 'nvj', 1, 2, 0.5, 1.5), cell('table01', 'sysX', 'tsj', 1, 1, 0, 0), cell('table01', 'sysY', 'nvj', 1, 2),
      cell('table02', 'r', 'x', 1, 1),
      cell('table13', 'Cat1', 'nvj', 1, 2, 0, 2), cell('table13', 'Cat2', 'nvj', 1, 2, 0, 2), cell('table13', 'Cat2', 'tsj', 1, 2),
      cell('table14', 'r', 'x', 1, 1),
    ]);
    expect(intervalCoverage(c)).toBe('table01: nvj, tsj (1 row); table13: nvj (2 rows); no paired interval: table02, table14');
    expect(intervalCoverage(comparison([cell('table02', 'r', 'x', 1, 1)]))).toBe('no cell; no paired interval: table02');
    expect(intervalCoverage(comparison([cell('table01', 'sysX', 'nvj', 1, 2, 0, 1)]))).toBe('table01: nvj (1 row)');
    expect(intervalCoverage(comparison([]))).toBe('no cell');
  });
});

describe('comparisonCsv', () => {
  test('one line per cell, 12 significant digits, empty for null, text quoted only when it must be', () => {
    const c = comparison([
      cell('table13', 'Cat1', 'nvj', 0.1 + 0.2, 1 / 3, -1e-7, 2e21),
      { table: 'table17', row: 'expert_only | expert_only', column: 'tsj', base: null, variant: 5, difference: null, percentChange: null, lo: null, hi: null },
      { table: 'table02', row: 'say "hi", then\nleave', column: 'x', base: 2, variant: 1, difference: -1, percentChange: -50, lo: null, hi: null },
    ]);
    expect(comparisonCsv(c)).toBe('table,row,column,base,variant,difference,percent_change,difference_lo,difference_hi\n'
      + 'table13,Cat1,nvj,0.3,0.333333333333,0.0333333333333,11.1111111111,-1e-7,2e+21\n'
      + 'table17,expert_only | expert_only,tsj,,5,,,,\n'
      + 'table02,"say ""hi"", then\nleave",x,2,1,-1,-50,,\n');
    expect(comparisonCsv(comparison([]))).toBe('table,row,column,base,variant,difference,percent_change,difference_lo,difference_hi\n');
  });
});

describe('comparisonMarkdown and comparisonPage', () => {
  const cells = [
    cell('table13', 'Cat1', 'nvj', 3, 1.5, -2, -1), // interval below zero
    cell('table13', 'Cat2', 'tsj', 2, 2.5, -0.25, 1.25), // moved, interval holds zero
    cell('table17', 'a | b\\c', 'nvj', 1234567, 1234567), // not moved, no interval
    cell('table13', 'Cat1', 'energy_mj', 1, 2), // not NVJ or TSJ: CSV only
    { table: 'table01', row: '<sysY> & co', column: 'tsj', base: null, variant: 0.000123456789, difference: null, percentChange: null, lo: null, hi: null },
    cell('table01', 'sysX', 'nvj', 3, 2, 0.5, 2), // interval above zero
    cell('table15', 'r0', 'nvj', 1, 2, 0, 2), // interval touching zero from above: holds zero
    cell('table15', 'r1', 'tsj', 2, 1, -1, 0), // and from below
  ];
  test('Markdown: changes, draws and seed, coverage, conclusions, and the NVJ/TSJ rows with escaped labels', () => {
    const c = comparison(cells, { conclusions: ['leader of systems by NVJ changes: sysX -> sysY'], changes: ['policy: "pass@1" -> "pass@2"', 'draws: 2000 -> 40'] });
    expect(comparisonMarkdown(c)).toBe([
      '# Variant against baseline',
      '',
      `Baseline: ${SMALL}; variant changes: policy: "pass@1" -> "pass@2"; draws: 2000 -> 40.`,
      'Intervals: paired percentile 95% bootstrap intervals of the difference, 400 draws of the same resampled tasks for both sides (seed 7).',
      'Cells with a paired interval: table13: nvj, tsj (2 rows); table01: nvj (1 row); table15: nvj, tsj (2 rows); no paired interval: table17.',
      '% change: 100 × (variant − baseline) / |baseline|, signed as the difference (positive when the variant is larger, whatever the baseline\'s sign); "sign changes" marks a baseline and variant of opposite signs, where a percent of the baseline is no growth rate (comparison.csv\'s percent_change is the same number).',
      '',
      '## Conclusions that change',
      '',
      '- leader of systems by NVJ changes: sysX -> sysY',
      '',
      '## NVJ and TSJ',
      '',
      '| table | row | column | baseline | variant | difference | % change | 95% interval of the difference |',
      '| --- | --- | --- | --- | --- | --- | --- | --- |',
      '| table13 | Cat1 | nvj | 3 | 1.5 | -1.5 | -50% | [-2, -1] |',
      '| table13 | Cat2 | tsj | 2 | 2.5 | 0.5 | 25% | [-0.25, 1.25] |',
      '| table17 | a \\| b\\\\c | nvj | 1234570 | 1234570 | 0 | 0% |  |',
      '| table01 | <sysY> & co | tsj |  | 0.000123457 |  |  |  |',
      '| table01 | sysX | nvj | 3 | 2 | -1 | -33.33% | [0.5, 2] |',
      '| table15 | r0 | nvj | 1 | 2 | 1 | 100% | [0, 2] |',
      '| table15 | r1 | tsj | 2 | 1 | -1 | -50% | [-1, 0] |',
      '',
      'Every cell: comparison.csv.',
      '',
    ].join('\n'));
  });

  test('percent change: of |baseline|, signed as the difference, marked where the sign changes (the -0.1179 -> 0.7965 case)', () => {
    const c = comparison([
      { table: 'table13', row: 'Management', column: 'nvj', base: -0.1179, variant: 0.7965, difference: 0.9144, percentChange: (100 * 0.9144) / 0.1179, lo: null, hi: null },
      { table: 'table13', row: 'Sales', column: 'nvj', base: -2, variant: -1, difference: 1, percentChange: 50, lo: null, hi: null },
      { table: 'table13', row: 'Legal', column: 'nvj', base: 2, variant: 0, difference: -2, percentChange: -100, lo: null, hi: null },
    ], {});
    const md = comparisonMarkdown(c);
    expect(md).toContain('| table13 | Management | nvj | -0.1179 | 0.7965 | 0.9144 | 775.57% (sign changes) |  |');
    expect(md).toContain('| table13 | Sales | nvj | -2 | -1 | 1 | 50% |  |'); // a rise from -2 to -1 is +50%, not -50%
    expect(md).toContain('| table13 | Legal | nvj | 2 | 0 | -2 | -100% |  |'); // zero is no sign: no mark
    expect(comparisonPage(c)).toContain('<td>775.57% (sign changes)</td>');
  });

  test('Markdown of the same scenario on another dataset, nothing changed and no conclusion', () => {
    const c = comparison([], { changes: [], variant: { ...resolved(), dataset: 'other' } });
    const md = comparisonMarkdown(c);
    expect(md.split('\n').slice(0, 3)).toStrictEqual(['# other against Variant against baseline', '', `Baseline: ${SMALL}; variant changes: nothing (the same scenario).`]);
    expect(md).toContain('\n## Conclusions that change\n\n- none\n\n## NVJ and TSJ\n');
  });

  test('HTML: the same rows, red where the interval excludes zero, yellow where the point moved, text escaped', () => {
    const page = comparisonPage(comparison(cells, { conclusions: ['a <b> & c', 'd'], changes: ['x: 1 -> 2', 'y: "<" -> ">"'] }));
    const tr = (cls: string, ...tds: string[]) => `<tr${cls}>${tds.map((t) => `<td>${t}</td>`).join('')}</tr>`;
    const body = [
      tr(' class="sig"', 'table13', 'Cat1', 'nvj', '3', '1.5', '-1.5', '-50%', '[-2, -1]'),
      tr(' class="moved"', 'table13', 'Cat2', 'tsj', '2', '2.5', '0.5', '25%', '[-0.25, 1.25]'),
      tr('', 'table17', 'a | b\\c', 'nvj', '1234570', '1234570', '0', '0%', ''),
      tr('', 'table01', '&lt;sysY&gt; &amp; co', 'tsj', '', '0.000123457', '', '', ''),
      tr(' class="sig"', 'table01', 'sysX', 'nvj', '3', '2', '-1', '-33.33%', '[0.5, 2]'),
      tr(' class="moved"', 'table15', 'r0', 'nvj', '1', '2', '1', '100%', '[0, 2]'),
      tr(' class="moved"', 'table15', 'r1', 'tsj', '2', '1', '-1', '-50%', '[-1, 0]'),
    ].join('\n');
    expect(page).toContain(`<tbody>${body}</tbody></table>`);
    expect(page).toContain(`<p>Baseline: ${SMALL}. Variant changes: x: 1 -&gt; 2; y: "&lt;" -&gt; "&gt;".</p>`);
    expect(page).toContain('<p>Intervals: paired percentile 95% bootstrap intervals of the difference, 400 draws of the same resampled tasks for both sides (seed 7). Red: the interval excludes zero; yellow: the point estimate moved.</p>');
    expect(page).toContain('<p>Cells with a paired interval: table13: nvj, tsj (2 rows); table01: nvj (1 row); table15: nvj, tsj (2 rows); no paired interval: table17.</p>');
    expect(page).toContain('<h2>Conclusions that change</h2><ul><li>a &lt;b&gt; &amp; c</li><li>d</li></ul>');
    const none = comparisonPage(comparison([], { changes: [] }));
    expect(none).toContain('Variant changes: nothing (the same scenario).</p>');
    expect(none).toContain('<ul><li>none</li></ul>');
    expect(none).toContain('<tbody></tbody>');
    expect(none.startsWith('<!doctype html>\n<html lang="en"><head><meta charset="utf-8"><title>Variant against baseline</title>')).toBe(true);
  });
});
