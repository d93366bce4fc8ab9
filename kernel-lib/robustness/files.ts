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
 *   multiverse.md       the conclusions from least to most robust, the unsupported specifications, the
 *                       warnings, and how the intervals are paired
 */
import { formatCsv } from '../io/csv.ts';
import { formatNumber } from '../io/format.ts';
import type { MultiverseResult } from './multiverse.ts';
import { specFlags } from './grid.ts';
import { TEXT_CLAIMS_NOT_EVALUATED } from './conclusions.ts';
import { multiverseCurve } from './figures.ts';
import type { Provenance } from '../plots/theme.ts';

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

export function multiverseFiles(r: MultiverseResult, meta: { dataset: string; command?: string; provenance?: Provenance } = { dataset: '' }): Record<string, string> {
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
  return { 'specifications.csv': specifications, 'specs.csv': specs, 'conclusions.csv': conclusions, 'evaluations.csv': evaluations, 'multiverse.md': multiverseMarkdown(r, meta),
    'specification_curve.json': `${JSON.stringify(multiverseCurve(r, { provenance: meta.provenance }), null, 1)}\n` };
}

const cell = (s: string) => s.replace(/\|/g, '\\|').replace(/\n/g, ' ');

export function multiverseMarkdown(r: MultiverseResult, meta: { dataset: string; command?: string }): string {
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
