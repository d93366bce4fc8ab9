/**
 * A variant scenario beside its baseline (issue #11, "Compare a variant with its baseline").
 *
 * - Every numeric cell of every table both scenarios build (point estimates; Table 16, rank stability
 *   over random portfolios, is a resampling summary rather than a cell estimate and is left out): baseline, variant,
 *   difference (variant - baseline) and percent change 100 (variant - baseline) / |baseline|: signed as
 *   the difference (positive when the variant is larger, whatever the baseline's sign), which every
 *   surface says beside the column (PERCENT_CHANGE_WORDS); where the two sides differ in sign the
 *   printed percent is marked "sign changes" (from -0.1179 to 0.7965 is +775.76%, not a 775% growth).
 * - A paired percentile bootstrap interval of the difference for every cell that is a function of
 *   group means of the task components (Table 1's primary-system row, Tables 13, 15, 17, 19-21; the
 *   list and what is not carried: scenario/pairedCells.ts): each draw resamples the tasks within
 *   each occupation once (the task-composition bootstrap, seeded by the baseline's seed) and
 *   evaluates both scenarios on the same resampled tasks, so the interval is that of the paired
 *   difference d* = R_variant(T*) - R_baseline(T*). // Joules-to-GDP K.1 "Paired contrasts"
 *   Pairing needs the same evaluated tasks on both sides; otherwise the interval is left empty.
 * - The conclusions that change: rank orders and leaders (categories by NVJ and TSJ from Table 13,
 *   systems by NVJ from Table 1 and by TSJ from Figure 5's system rows, since Table 1 prints no TSJ),
 *   signs of net value, and membership of the value-energy frontier of Figure 1(d),
 *   each among the rows both scenarios give a value; rows only one scenario gives a value are named
 *   (a row only one side has is a cell whose other side is null), and so are a table only one side
 *   builds (its cells left out) and a frontier that cannot be compared, each with the other side's reason.
 */
import { J2GError } from '../errors.ts';
import { tied } from '../stats/tie.ts';
import { buildTables, rowKeyOf, rowLabelOf } from '../tables/registry.ts';
import type { TableOptions } from '../tables/options.ts';
import { systemRows } from '../plots/rows.ts';
import { pairedCellIntervals } from './pairedCells.ts';
import type { ResolvedScenario } from './schema.ts';

export interface ScenarioSide {
  scenario: ResolvedScenario;
  options: TableOptions;
}

export interface CellDifference {
  table: string;
  row: string;
  column: string;
  base: number | null;
  variant: number | null;
  difference: number | null;
  percentChange: number | null;
  /** paired percentile 95% bootstrap interval of the difference, where computed */
  lo: number | null;
  hi: number | null;
}

export interface ScenarioComparison {
  base: ResolvedScenario;
  variant: ResolvedScenario;
  /** the scenario fields that differ, as `field: base -> variant` */
  changes: string[];
  cells: CellDifference[];
  /** conclusions that hold under one scenario and not the other */
  conclusions: string[];
  draws: number;
  seed: number;
}

/** A table cell as a number: a finite number, else null (a text cell, an empty one); Number.isFinite does not coerce. */
const num = (v: unknown): number | null => (Number.isFinite(v) ? (v as number) : null);

/**
 * Every field of two resolved scenarios that differs, derived ones included (marked `(derived)` when
 * the variant derived it from a default or another field), as `field: base -> variant`. Bookkeeping
 * (`derived`, `datasetFiles`, `datasetChange`) is not a field; datasetSha256 counts only across datasets.
 */
export function scenarioChanges(a: ResolvedScenario, b: ResolvedScenario): string[] {
  const out: string[] = [];
  const skip = new Set(['derived', 'datasetFiles', 'datasetChange']);
  for (const k of Object.keys(a) as (keyof ResolvedScenario)[]) {
    if (skip.has(k) || (k === 'datasetSha256' && a.dataset === b.dataset)) continue;
    const x = JSON.stringify(a[k]), y = JSON.stringify(b[k]);
    const derived = (b.derived ?? []).includes(k as never) ? ' (derived)' : '';
    if (x !== y) out.push(`${k}: ${x} -> ${y}${derived}`);
  }
  return out;
}


/**
 * The rows ranked by value, highest first, ties grouped: [['a'], ['b', 'c']] ranks a first and ties b
 * with c (within stats/tie.ts's TIE_RTOL: a leader picked by float noise is no leader). Keys in a group in name order.
 */
export function rankGroups(rows: { key: string; value: number | null }[]): string[][] {
  // rows of exactly equal value fall in one group, whose keys are sorted below: no tie-break needed
  const sorted = rows.filter((r) => r.value !== null).sort((a, b) => b.value! - a.value!);
  const groups: { value: number; keys: string[] }[] = [];
  for (const r of sorted) {
    const last = groups[groups.length - 1];
    if (last && tied(last.value, r.value!)) last.keys.push(r.key);
    else groups.push({ value: r.value!, keys: [r.key] });
  }
  return groups.map((g) => g.keys.sort());
}

const orderText = (groups: string[][]) => groups.map((g) => g.join(' = ')).join(' > ');
const leaderText = (groups: string[][]) => (groups[0].length === 1 ? groups[0][0] : `a tie (${groups[0].join(', ')})`);

/** Systems on the value-energy frontier (no other system has no more energy and no less value, one strictly). */
export function frontierMembers(points: readonly { id: string; energyMJ: number; valueUSD: number }[]): string[] {
  // a point does not dominate itself (the strict part fails)
  return points.filter((p) => !points.some((q) => q.energyMJ <= p.energyMJ && q.valueUSD >= p.valueUSD && (q.energyMJ < p.energyMJ || q.valueUSD > p.valueUSD))).map((p) => p.id);
}

/**
 * Compare a variant scenario with its baseline: cells, paired intervals and the conclusions that
 * change (see the file comment). Draws and seed of the paired bootstrap: the baseline's, unless given.
 * Throws when the two scenarios are on datasets of different systems (nothing would pair).
 */
export function compareScenarios(base: ScenarioSide, variant: ScenarioSide, settings: { draws?: number; seed?: number } = {}): ScenarioComparison {
  const draws = settings.draws ?? base.scenario.draws;
  const seed = settings.seed ?? base.scenario.seed;
  const off = (o: TableOptions): TableOptions => ({ ...o, bootstrap: false });
  // Table 16 (rank stability over random portfolios) is left out: a bootstrap of its own, not a cell estimate
  const built = (o: TableOptions) => buildTables(off(o), { except: ['table16'] });
  const sb = built(base.options), sv = built(variant.options);
  const tb = sb.tables, tv = sv.tables;
  const cells: CellDifference[] = [];
  const conclusions: string[] = [];
  // A table only one side builds (a table the dataset cannot support under that side's options, e.g. a
  // policy of more attempts than the runs have, or Table 5 without a sweep file) has no cells to
  // compare: named, never dropped without a word, grouped by the other side's reason (its first line).
  const omitted = (names: string[], skipped: Record<string, string>, only: string, other: string) => {
    const byReason = new Map<string, string[]>();
    for (const name of names) {
      const reason = (skipped[name] ?? 'no rates.sweepFile').split('\n')[0];
      byReason.set(reason, [...(byReason.get(reason) ?? []), name]);
    }
    for (const [reason, tables] of byReason) conclusions.push(`tables built under the ${only} only, their cells left out (the ${other}: ${reason}): ${tables.join(', ')}`);
  };
  omitted(Object.keys(tv).filter((name) => !tb[name]), sb.skipped, 'variant', 'baseline');
  omitted(Object.keys(tb).filter((name) => !tv[name]), sv.skipped, 'baseline', 'variant');
  for (const name of Object.keys(tb)) {
    const b = tb[name], v = tv[name];
    if (!v) continue; // named above
    const columns = b.columnNames();
    // rows match by the registry's key columns (tables/registry.ts rowKeyOf), as the explorer matches them;
    // the baseline's rows, then those only the variant has (their baseline values null)
    const bRows = b.objects() as Record<string, unknown>[];
    const vRows = new Map((v.objects() as Record<string, unknown>[]).map((r) => [rowKeyOf(name, r), r]));
    const bKeys = new Set(bRows.map((r) => rowKeyOf(name, r)));
    const rows: [Record<string, unknown> | undefined, Record<string, unknown> | undefined][] = [
      ...bRows.map((rb) => [rb, vRows.get(rowKeyOf(name, rb))] as [Record<string, unknown>, Record<string, unknown> | undefined]),
      ...[...vRows].filter(([k]) => !bKeys.has(k)).map(([, rv]) => [undefined, rv] as [undefined, Record<string, unknown>]),
    ];
    rows.forEach(([rb, rv]) => {
      const key = rowLabelOf(name, (rb ?? rv)!);
      for (const c of columns) {
        const x = rb ? num(rb[c]) : null;
        const y = rv ? num(rv[c]) : null;
        if (x === null && y === null) continue; // text columns (the key columns among them), cells empty on both sides
        const d = x !== null && y !== null ? y - x : null;
        cells.push({ table: name, row: key, column: c, base: x, variant: y, difference: d, percentChange: d !== null && x !== 0 ? (100 * d) / Math.abs(x!) : null, lo: null, hi: null });
        if (c === 'nvj' && x !== null && y !== null && Math.sign(x) !== Math.sign(y)) conclusions.push(`${name} ${key}: NVJ changes sign (${fmt(x)} -> ${fmt(y)})`);
      }
    });
  }
  // Paired intervals of every cell that is a function of group means (scenario/pairedCells.ts).
  const at = new Map(cells.map((x) => [`${x.table}\u0000${x.row}\u0000${x.column}`, x]));
  const paired = pairedCellIntervals(base.options, variant.options, { base: base.scenario.system, variant: variant.scenario.system }, { draws, seed },
    (table, row, column) => at.get(`${table}\u0000${row}\u0000${column}`));
  for (const p of paired) {
    const cell = at.get(`${p.table}\u0000${p.row}\u0000${p.column}`)!;
    cell.lo = p.lo;
    cell.hi = p.hi;
  }
  // Rank orders and leaders, among the rows both scenarios give a value (a system that one side
  // leaves out, e.g. without judgments against its reference, would otherwise change a leader by absence).
  const rankChange = (what: string, gb: string[][], gv: string[][]) => {
    const lb = leaderText(gb), lv = leaderText(gv);
    if (lb !== lv) conclusions.push(`leader of ${what} changes: ${lb} -> ${lv}`);
    else if (orderText(gb) !== orderText(gv)) conclusions.push(`rank order of ${what} changes (leader ${lb} stays): ${orderText(gb)} -> ${orderText(gv)}`);
  };
  // Table 1 prints no TSJ: the systems by TSJ are ranked below, from the frontier's system rows.
  for (const [table, column, what] of [['table13', 'nvj', 'categories by NVJ'], ['table13', 'tsj', 'categories by TSJ'], ['table01', 'nvj', 'systems by NVJ']] as const) {
    const both = cells.filter((c) => c.table === table && c.column === column && c.base !== null && c.variant !== null);
    // no cell is null on both sides
    const onlyBase = cells.filter((c) => c.table === table && c.column === column && c.variant === null).map((c) => c.row);
    const onlyVariant = cells.filter((c) => c.table === table && c.column === column && c.base === null).map((c) => c.row);
    if (onlyBase.length && column === 'nvj') conclusions.push(`${what.split(' ')[0]} without a value under the variant (left out of the ${table === 'table01' ? 'system rankings and the frontier' : 'rankings'}): ${onlyBase.join(', ')}`);
    if (onlyVariant.length && column === 'nvj') conclusions.push(`${what.split(' ')[0]} with a value only under the variant (left out of the ${table === 'table01' ? 'system rankings and the frontier' : 'rankings'}): ${onlyVariant.join(', ')}`);
    if (both.length < 2) continue;
    rankChange(what, rankGroups(both.map((c) => ({ key: c.row, value: c.base }))), rankGroups(both.map((c) => ({ key: c.row, value: c.variant }))));
  }
  // The systems by TSJ and frontier membership (Figure 1(d)), among the systems both scenarios evaluate; a side whose system
  // rows cannot be built (the reason Table 1 is missing there) is named.
  let side = 'baseline';
  try {
    const rowsB = systemRows(off(base.options));
    side = 'variant';
    const rowsV = systemRows(off(variant.options));
    const common = new Set(rowsB.map((r) => r.system).filter((x) => rowsV.some((r) => r.system === x)));
    // systems by TSJ (Figure 5's S~/E~ per system), among the systems both scenarios evaluate
    const tsjOf = (rows: typeof rowsB) => rankGroups(rows.filter((r) => common.has(r.system)).map((r) => ({ key: r.system, value: r.tsj })));
    if (common.size >= 2) rankChange('systems by TSJ', tsjOf(rowsB), tsjOf(rowsV));
    const points = (rows: typeof rowsB) => rows.filter((r) => common.has(r.system)).map((r) => ({ id: r.system, energyMJ: r.energyMJ, valueUSD: r.valueUSD }));
    const fb = frontierMembers(points(rowsB)), fv = frontierMembers(points(rowsV));
    for (const s of fb.filter((x) => !fv.includes(x))) conclusions.push(`${s} leaves the value-energy frontier`);
    for (const s of fv.filter((x) => !fb.includes(x))) conclusions.push(`${s} joins the value-energy frontier`);
  } catch (e) {
    if (!(e instanceof J2GError)) throw e;
    conclusions.push(`the systems by TSJ and the value-energy frontier are not compared (the ${side}: ${e.message.split('\n')[0]})`);
  }
  return { base: base.scenario, variant: variant.scenario, changes: scenarioChanges(base.scenario, variant.scenario), cells, conclusions, draws, seed };
}

function fmt(x: number | null): string {
  return x === null ? '' : Number(x.toPrecision(6)).toString();
}

/**
 * Which cells carry a paired interval, in words: per table the columns that have one (and on how
 * many rows), then the tables whose cells have none. Read from the cells, so it says what this
 * comparison computed, e.g. "table13: nvj, tsj (2 rows); no paired interval: table02, table14" (the
 * full text on synthetic-small: test/scenario/compare.test.ts).
 */
export function intervalCoverage(c: ScenarioComparison): string {
  const tables = [...new Set(c.cells.map((x) => x.table))];
  const withIv: string[] = [], without: string[] = [];
  for (const t of tables) {
    const iv = c.cells.filter((x) => x.table === t && x.lo !== null);
    if (!iv.length) { without.push(t); continue; }
    const columns = [...new Set(iv.map((x) => x.column))];
    const rows = new Set(iv.map((x) => x.row)).size;
    withIv.push(`${t}: ${columns.join(', ')} (${rows} row${rows === 1 ? '' : 's'})`);
  }
  return `${withIv.length ? withIv.join('; ') : 'no cell'}${without.length ? `; no paired interval: ${without.join(', ')}` : ''}`;
}

const CSV_COLUMNS = ['table', 'row', 'column', 'base', 'variant', 'difference', 'percent_change', 'difference_lo', 'difference_hi'] as const;

function csvCell(v: string | number | null): string {
  if (v === null) return '';
  const s = typeof v === 'number' ? fmtNumber(v) : v;
  return /[",\n]/.test(s) ? `"${s.replace(/"/g, '""')}"` : s;
}

function fmtNumber(v: number): string {
  return Number(v.toPrecision(12)).toString();
}

/** What the percent change is, for the sentence beside its column. */
export const PERCENT_CHANGE_WORDS = '% change: 100 × (variant − baseline) / |baseline|, signed as the difference (positive when the variant is larger, whatever the baseline\'s sign); "sign changes" marks a baseline and variant of opposite signs, where a percent of the baseline is no growth rate';

/** A cell's percent change as printed: two decimals and `%`, with "sign changes" when the two sides differ in sign; '' without one. */
export function percentText(x: Pick<CellDifference, 'base' | 'variant' | 'percentChange'>): string {
  if (x.percentChange === null) return '';
  const flip = x.base !== null && x.variant !== null && x.base * x.variant < 0;
  return `${fmt(Number(x.percentChange.toFixed(2)))}%${flip ? ' (sign changes)' : ''}`;
}

/** The cells as CSV: table,row,column,base,variant,difference,percent_change,difference_lo,difference_hi (percent_change: PERCENT_CHANGE_WORDS). */
export function comparisonCsv(c: ScenarioComparison): string {
  const lines = [CSV_COLUMNS.join(',')];
  for (const x of c.cells) lines.push([x.table, x.row, x.column, x.base, x.variant, x.difference, x.percentChange, x.lo, x.hi].map(csvCell).join(','));
  return `${lines.join('\n')}\n`;
}

/** A Markdown table cell: `|` escaped, so a row label like `expert_only | expert_only` stays one cell. */
const mdCell = (s: string) => s.replace(/\\/g, '\\\\').replace(/\|/g, '\\|');

/** Markdown: what changed, the conclusions that change, and the NVJ/TSJ cells with their paired intervals. */
export function comparisonMarkdown(c: ScenarioComparison): string {
  const head = [
    `# ${c.variant.dataset === c.base.dataset ? '' : `${c.variant.dataset} against `}Variant against baseline`,
    '',
    `Baseline: ${c.base.dataset}; variant changes: ${c.changes.length ? c.changes.join('; ') : 'nothing (the same scenario)'}.`,
    `Intervals: paired percentile 95% bootstrap intervals of the difference, ${c.draws} draws of the same resampled tasks for both sides (seed ${c.seed}).`,
    `Cells with a paired interval: ${intervalCoverage(c)}.`,
    `${PERCENT_CHANGE_WORDS} (comparison.csv's percent_change is the same number).`,
    '',
    '## Conclusions that change',
    '',
    ...(c.conclusions.length ? c.conclusions.map((s) => `- ${s}`) : ['- none']),
    '',
    '## NVJ and TSJ',
    '',
    '| table | row | column | baseline | variant | difference | % change | 95% interval of the difference |',
    '| --- | --- | --- | --- | --- | --- | --- | --- |',
  ];
  const rows = c.cells.filter((x) => x.column === 'nvj' || x.column === 'tsj').map((x) =>
    `| ${x.table} | ${mdCell(x.row)} | ${x.column} | ${fmt(x.base)} | ${fmt(x.variant)} | ${fmt(x.difference)} | ${percentText(x)} | ${x.lo === null ? '' : `[${fmt(x.lo)}, ${fmt(x.hi)}]`} |`);
  return `${[...head, ...rows].join('\n')}\n\nEvery cell: comparison.csv.\n`;
}

const esc = (s: string) => s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');

/** A self-contained HTML page of comparisonMarkdown's content (every NVJ/TSJ cell, changes highlighted). */
export function comparisonPage(c: ScenarioComparison): string {
  const rows = c.cells.filter((x) => x.column === 'nvj' || x.column === 'tsj').map((x) => {
    const moved = x.difference !== null && x.difference !== 0;
    const excludesZero = (x.lo ?? 0) > 0 || (x.hi ?? 0) < 0;
    return `<tr${excludesZero ? ' class="sig"' : moved ? ' class="moved"' : ''}><td>${esc(x.table)}</td><td>${esc(x.row)}</td><td>${x.column}</td><td>${fmt(x.base)}</td><td>${fmt(x.variant)}</td><td>${fmt(x.difference)}</td><td>${percentText(x)}</td><td>${x.lo === null ? '' : `[${fmt(x.lo)}, ${fmt(x.hi)}]`}</td></tr>`;
  });
  return `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><title>Variant against baseline</title>
<style>body{font-family:system-ui,sans-serif;margin:2em;max-width:70em}table{border-collapse:collapse;font-variant-numeric:tabular-nums}td,th{border:1px solid #ccc;padding:2px 6px;text-align:right}td:nth-child(-n+3){text-align:left}.moved{background:#fff8e0}.sig{background:#ffe0e0}</style></head>
<body><h1>Variant against baseline</h1>
<p>Baseline: ${esc(c.base.dataset)}. Variant changes: ${c.changes.length ? c.changes.map(esc).join('; ') : 'nothing (the same scenario)'}.</p>
<p>Intervals: paired percentile 95% bootstrap intervals of the difference, ${c.draws} draws of the same resampled tasks for both sides (seed ${c.seed}). Red: the interval excludes zero; yellow: the point estimate moved.</p>
<p>Cells with a paired interval: ${esc(intervalCoverage(c))}.</p>
<p>${esc(PERCENT_CHANGE_WORDS)}.</p>
<h2>Conclusions that change</h2><ul>${c.conclusions.length ? c.conclusions.map((s) => `<li>${esc(s)}</li>`).join('') : '<li>none</li>'}</ul>
<h2>NVJ and TSJ</h2>
<table><thead><tr><th>table</th><th>row</th><th>column</th><th>baseline</th><th>variant</th><th>difference</th><th>% change</th><th>95% interval of the difference</th></tr></thead>
<tbody>${rows.join('\n')}</tbody></table>
<p>Every cell of every table: comparison.csv.</p></body></html>
`;
}
