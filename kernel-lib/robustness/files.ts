/**
 * The files of a multiverse (`j2g multiverse`), as name -> content, written by the caller as one unit
 * (io/atomic.ts):
 *   specifications.csv  spec_id, one column per grid field, system, nvj, nvj_lo, nvj_hi, tsj, tsj_lo,
 *                       tsj_hi, paired: one row per supported specification and Table 1 system
 *                       (NVJ in USD/MJ, TSJ in hours/MJ, percentile 95% intervals)
 *   specs.csv           spec_id, the grid fields, supported, reason, table1_systems, note, flags: one row per
 *                       specification, the unsupported ones with the reason, what a supported one lacks
 *                       (note: Table 13 not evaluable), and the `j2g tables` flags
 *                       that compute the same scenario
 *   conclusions.csv     conclusion, statement, holds_in_reference, holds, of, share,
 *                       holds_with_interval, share_with_interval
 *   evaluations.csv     conclusion, spec_id, margin, margin_lo, margin_hi: each conclusion in each
 *                       specification that can evaluate it (share_with_interval counts margin_lo > 0)
 *   specification_curve.json  the specification curve of the primary system's NVJ (a Plotly specification)
 *   joint_test.csv      conclusion, specs, share, share_null_95, p_share, median_margin, median_null_95,
 *                       p_median: the joint test of each conclusion over the specifications with paired
 *                       draws (inference.ts: the null, how it is imposed, the p-values); only with a bootstrap
 *   spread.csv          quantity, field, levels, eta2, range_median, range_max: the spread of the bootstrap
 *                       system's NVJ and TSJ split by grid field (inference.ts choiceSpread)
 *   spread_by_choice.json  that split as a figure (figures.ts spreadFigure)
 *   leave_out.csv       with --leave-out: by, unit, conclusion, margin_all, margin_without, flips: each
 *                       conclusion of the reference specification without each occupation (or category)
 *                       (leaveOut.ts)
 *   multiverse.md       the conclusions from least to most robust, their joint tests, the spread by
 *                       choice, the unsupported specifications, the warnings, and how the intervals are paired
 */
import { formatCsv } from '../io/csv.ts';
import { formatNumber } from '../io/format.ts';
import type { MultiverseResult } from './multiverse.ts';
import { specFlags } from './grid.ts';
import { TEXT_CLAIMS_NOT_EVALUATED } from './conclusions.ts';
import { multiverseCurve, spreadFigure } from './figures.ts';
import { JOINT_TEST_WORDS, SPREAD_WORDS } from './inference.ts';
import type { Provenance } from '../plots/theme.ts';
import { leaveOutOrder, type LeaveOutResult } from './leaveOut.ts';

const num = formatNumber;
const pct = (x: number | null) => (x === null ? 'n/a' : `${(100 * x).toFixed(0)}%`);

/** The paired-draws sentence every output carries. */
export function pairingWords(r: MultiverseResult): string {
  if (!r.bootstrap) return 'No bootstrap (draws off): intervals and share_with_interval are empty.';
  return `Intervals are percentile 95% task-composition bootstrap intervals from ${r.bootstrap.draws} draws (seed ${r.bootstrap.seed}), `
    + `resampling ${r.bootstrapSystem}'s tasks within occupations (Joules-to-GDP K.1). The draws are shared: every specification, `
    + `system and category is evaluated on the same resampled tasks, so differences between systems and between specifications are paired `
    + `draw by draw; a system whose tasks differ has its own draws (paired=false) and its comparisons count without an interval.`;
}

/** Conclusions holding in the reference specification first, least robust first (share with interval, then share). */
export function robustnessOrder(r: MultiverseResult) {
  const key = (c: MultiverseResult['conclusions'][number]) => [c.shareWithInterval ?? c.share ?? 2, c.share ?? 2];
  return [...r.conclusions].filter((c) => c.of > 0).sort((a, b) => {
    const x = key(a), y = key(b);
    return x[0] - y[0] || x[1] - y[1] || (a.conclusion < b.conclusion ? -1 : a.conclusion > b.conclusion ? 1 : 0);
  });
}

export function multiverseFiles(r: MultiverseResult, meta: { dataset: string; command?: string; provenance?: Provenance; leaveOut?: LeaveOutResult } = { dataset: '' }): Record<string, string> {
  const fieldCols = r.fields as string[];
  const labels = new Map(r.specs.map((s) => [s.spec.id, s.spec.labels as Record<string, string>]));
  const specifications = formatCsv(['spec_id', ...fieldCols, 'system', 'nvj', 'nvj_lo', 'nvj_hi', 'tsj', 'tsj_lo', 'tsj_hi', 'paired'],
    r.rows.map((row) => ({
      spec_id: row.spec, ...labels.get(row.spec), system: row.system,
      nvj: num(row.nvj), nvj_lo: num(row.nvj_lo), nvj_hi: num(row.nvj_hi), tsj: num(row.tsj), tsj_lo: num(row.tsj_lo), tsj_hi: num(row.tsj_hi), paired: String(row.paired),
    })));
  const specs = formatCsv(['spec_id', ...fieldCols, 'supported', 'reason', 'table1_systems', 'note', 'flags'],
    r.specs.map((s) => ({
      spec_id: s.spec.id, ...(s.spec.labels as Record<string, string>), supported: String(s.unsupported === null), reason: s.unsupported ?? '',
      table1_systems: s.systems.join(' '), note: s.note, flags: specFlags(s.spec)?.join(' ') ?? '',
    })));
  const conclusions = formatCsv(['conclusion', 'statement', 'holds_in_reference', 'holds', 'of', 'share', 'holds_with_interval', 'share_with_interval'],
    r.conclusions.map((c) => ({
      conclusion: c.conclusion, statement: c.statement, holds_in_reference: c.holdsInReference === null ? '' : String(c.holdsInReference),
      holds: c.holds, of: c.of, share: num(c.share), holds_with_interval: c.holdsWithInterval ?? '', share_with_interval: num(c.shareWithInterval),
    })));
  const evaluations = formatCsv(['conclusion', 'spec_id', 'margin', 'margin_lo', 'margin_hi'],
    r.evaluations.map((e) => ({ conclusion: e.conclusion, spec_id: e.spec, margin: num(e.margin), margin_lo: num(e.lo), margin_hi: num(e.hi) })));
  const jointTests = formatCsv(['conclusion', 'specs', 'share', 'share_null_95', 'p_share', 'median_margin', 'median_null_95', 'p_median'],
    r.jointTests.map((j) => ({
      conclusion: j.conclusion, specs: j.specs, share: num(j.share), share_null_95: num(j.shareNull95), p_share: num(j.pShare),
      median_margin: num(j.median), median_null_95: num(j.medianNull95), p_median: num(j.pMedian),
    })));
  const spread = formatCsv(['quantity', 'field', 'levels', 'eta2', 'range_median', 'range_max'],
    r.spread.map((x) => ({ quantity: x.quantity, field: x.field, levels: x.levels, eta2: num(x.eta2), range_median: num(x.rangeMedian), range_max: num(x.rangeMax) })));
  return { 'specifications.csv': specifications, 'specs.csv': specs, 'conclusions.csv': conclusions, 'evaluations.csv': evaluations,
    ...(r.bootstrap ? { 'joint_test.csv': jointTests } : {}), 'spread.csv': spread,
    ...(meta.leaveOut ? { 'leave_out.csv': leaveOutCsv(meta.leaveOut) } : {}), 'multiverse.md': multiverseMarkdown(r, meta),
    'specification_curve.json': `${JSON.stringify(multiverseCurve(r, { provenance: meta.provenance }), null, 1)}\n`,
    'spread_by_choice.json': `${JSON.stringify(spreadFigure(r, { provenance: meta.provenance }), null, 1)}\n` };
}

const cell = (s: string) => s.replace(/\|/g, '\\|').replace(/\n/g, ' ');

export function multiverseMarkdown(r: MultiverseResult, meta: { dataset: string; command?: string; leaveOut?: LeaveOutResult }): string {
  const supported = r.specs.filter((s) => s.unsupported === null);
  const unsupported = r.specs.filter((s) => s.unsupported !== null);
  const lines: string[] = [];
  lines.push(`# Multiverse: ${meta.dataset}`, '');
  if (meta.command) lines.push('```', meta.command, '```', '');
  lines.push(`${r.specs.length} specifications (${r.fields.map((f) => `${f}: ${r.grid[f]!.length}`).join(' x ')}): ${supported.length} supported, ${unsupported.length} that the dataset cannot support (listed below with the reason).`,
    `Reference specification (the base scenario): ${r.referenceSpec ?? 'not in the grid (its conclusions are still the reference)'}.`, '', pairingWords(r), '',
    'share = holds / of, over the specifications that can evaluate the conclusion (both systems in Table 1, the categories in Table 13); '
    + 'share_with_interval counts only the specifications where the paired 95% interval of the difference behind the conclusion excludes zero on its side.', '');
  const ordered = robustnessOrder(r);
  const table = (list: typeof ordered) => {
    const out = ['| conclusion | statement | holds / of | share | share with interval |', '| --- | --- | --- | --- | --- |'];
    for (const c of list) out.push(`| ${cell(c.conclusion)} | ${cell(c.statement)} | ${c.holds} / ${c.of} | ${pct(c.share)} | ${pct(c.shareWithInterval)} |`);
    return out;
  };
  lines.push('## Conclusions of the reference specification, least robust first', '', ...table(ordered.filter((c) => c.holdsInReference === true)), '');
  lines.push('## Conclusions that do not hold in the reference specification', '', ...table(ordered.filter((c) => c.holdsInReference !== true)), '');
  lines.push(...jointTestMarkdown(r), ...spreadMarkdown(r), ...(meta.leaveOut ? leaveOutMarkdown(meta.leaveOut) : []));
  const never = r.conclusions.filter((c) => c.of === 0);
  if (never.length) lines.push(`Not evaluated in any specification (a system or category absent everywhere): ${never.map((c) => c.conclusion).join(', ')}.`, '');
  lines.push('Text claims not counted here:', '', ...TEXT_CLAIMS_NOT_EVALUATED.map(([ids, why]) => `- ${ids}: ${why}`), '');
  lines.push('## Specifications the dataset cannot support', '');
  if (!unsupported.length) lines.push('None.', '');
  else {
    lines.push(`| spec | ${r.fields.join(' | ')} | reason |`, `| --- | ${r.fields.map(() => '---').join(' | ')} | --- |`);
    for (const s of unsupported) lines.push(`| ${s.spec.id} | ${r.fields.map((f) => cell(s.spec.labels[f] ?? '')).join(' | ')} | ${cell(s.unsupported!)} |`);
    lines.push('');
  }
  lines.push('## Warnings (systems left out of a specification\'s Table 1, and why)', '');
  if (!r.warnings.length) lines.push('None.', '');
  else for (const w of r.warnings) lines.push(`- ${cell(w.message)} (${w.count} time${w.count === 1 ? '' : 's'})`);
  lines.push('');
  return lines.join('\n');
}

const p3 = (x: number | null) => (x === null ? 'n/a' : Number(x.toPrecision(3)).toString());

/** The joint test of the reference specification's conclusions, least supported first (multiverse.md). */
export function jointTestMarkdown(r: MultiverseResult): string[] {
  if (!r.bootstrap) return ['## Joint test of the specification curve', '', 'No bootstrap (draws off): no joint test.', ''];
  const held = new Map(r.conclusions.map((c) => [c.conclusion, c]));
  const rows = r.jointTests.filter((j) => held.get(j.conclusion)?.holdsInReference === true).sort((a, b) => b.pShare - a.pShare || (a.conclusion < b.conclusion ? -1 : 1));
  return ['## Joint test of the specification curve', '', `${JOINT_TEST_WORDS} Every conclusion: joint_test.csv.`, '',
    '| conclusion | specifications | share holding | null 95th percentile | p (share) | median margin | p (median) |', '| --- | --- | --- | --- | --- | --- | --- |',
    ...rows.map((j) => `| ${cell(j.conclusion)} | ${j.specs} | ${pct(j.share)} | ${pct(j.shareNull95)} | ${p3(j.pShare)} | ${p3(j.median)} | ${p3(j.pMedian)} |`), ''];
}

/** The spread of the bootstrap system's NVJ and TSJ by choice (multiverse.md). */
export function spreadMarkdown(r: MultiverseResult): string[] {
  const out = ['## Spread by choice', '', `${SPREAD_WORDS} Quantities: ${r.bootstrapSystem}'s NVJ (USD/MJ) and TSJ (hours/MJ). Figure: spread_by_choice.json.`, '',
    '| quantity | choice | values | share of variance (eta2) | median change, that choice alone | largest change |', '| --- | --- | --- | --- | --- | --- |'];
  for (const q of ['nvj', 'tsj']) {
    const rows = r.spread.filter((x) => x.quantity === q && x.levels > 1).sort((a, b) => b.eta2 - a.eta2);
    for (const x of rows) out.push(`| ${q} | ${x.field} | ${x.levels} | ${p3(x.eta2)} | ${p3(x.rangeMedian)} | ${p3(x.rangeMax)} |`);
    if (rows.length) out.push(`| ${q} | (no choice alone: interactions) |  | ${p3(Math.max(0, 1 - rows.reduce((a, x) => a + x.eta2, 0)))} |  |  |`);
  }
  out.push('');
  return out;
}

/** leave_out.csv: every (unit, conclusion) of a leave-out run, with the margin with and without the unit. */
export function leaveOutCsv(l: LeaveOutResult): string {
  const all = new Map(l.rows.map((x) => [x.conclusion, x.margin]));
  return formatCsv(['by', 'unit', 'conclusion', 'margin_all', 'margin_without', 'flips'],
    l.entries.map((e) => ({ by: l.by, unit: e.unit, conclusion: e.conclusion, margin_all: num(all.get(e.conclusion)!), margin_without: num(e.margin), flips: e.margin === null ? '' : String(e.margin <= 0) })));
}

/** The leave-one-out section of multiverse.md: the conclusions that flip first, and the most influential unit of each. */
export function leaveOutMarkdown(l: LeaveOutResult, limit = 25): string[] {
  const ordered = leaveOutOrder(l);
  const out = [`## Leave one ${l.by} out (reference specification)`, '',
    `Each conclusion of the reference specification, evaluated again without each of the ${l.units.length} ${l.by === 'occupation' ? 'occupations' : 'categories'} in turn `
    + `(its tasks, runs and judgments left out; the weights renormalised over the rest). Most influential: the ${l.by} whose removal leaves the smallest margin. `
    + `${ordered.filter((x) => x.flips.length).length} of ${ordered.length} conclusions flip without some ${l.by}. Every margin: leave_out.csv.`, '',
    `| conclusion | margin | flips without | most influential ${l.by} | margin without it |`, '| --- | --- | --- | --- | --- |'];
  for (const x of ordered.slice(0, limit)) {
    const flips = x.flips.length ? `${x.flips.length}: ${x.flips.slice(0, 3).join('; ')}${x.flips.length > 3 ? '; ...' : ''}` : '0';
    out.push(`| ${cell(x.statement)} | ${p3(x.margin)} | ${cell(flips)} | ${cell(x.mostInfluential ?? 'n/a')} | ${p3(x.marginWithout)} |`);
  }
  if (ordered.length > limit) out.push('', `${ordered.length - limit} more in leave_out.csv.`);
  if (l.refused.length) out.push('', `Not left out (the rest cannot be evaluated): ${l.refused.map((x) => `${x.unit} (${x.reason})`).join('; ')}.`);
  out.push('');
  return out;
}
