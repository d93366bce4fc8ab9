/**
 * out/report.html: one page with the dataset's provenance, every published number beside the
 * reproduced one (status, difference highlighted, by-construction values marked), every figure
 * (interactive, plotly.js loaded from figures/plotly.js beside the page), and the notebooks run.
 * No clock in the page: the same inputs give the same bytes.
 */
import { comparisonHtml } from './comparisonHtml.ts';
import { provenanceText, type Provenance } from '../plots/theme.ts';
import { escapeHtml } from '../export/plotly.ts';
import { runSummaryHtml, type RunSummaryLine } from './runSummary.ts';
import { measurementHtml } from './measurementHtml.ts';
import { explorerLinkHtml, figureScriptHtml, figureSectionsHtml, notebooksHtml, scenarioLineHtml, skippedFiguresHtml, skippedTablesHtml, warningsHtml, robustnessHtml, type PageFigure, type RobustnessFigure } from './pageParts.ts';
import { failingChecks, statusCounts, type Comparison } from './compare.ts';
import { cellProvenanceHtml, type TableCellProvenance } from './cellProvenance.ts';
import type { ResolvedScenario } from '../scenario/schema.ts';
import { auditChecksHtml, figureClaimCounts, figureClaimsHtml, type AuditInput } from './evidenceHtml.ts';
import type { FigureClaimResult } from './figureClaims.ts';
import { resultHtml, type Headline } from './headline.ts';

export interface ReportInput {
  provenance: Provenance;
  /** what the scenario differs in from the paper's (tables/paperScenario.ts differsWords), or null */
  scenarioNote?: string | null;
  description?: string;
  comparisons: readonly Comparison[];
  figures: readonly PageFigure[];
  skippedFigures?: readonly { id: string; reason: string }[];
  notebooks?: readonly { name: string; ok: boolean; seconds: number; file?: string }[];
  tables?: readonly { name: string; csv: string; md: string }[];
  /** tables the dataset cannot support, with the reason */
  skippedTables?: readonly { name: string; reason: string }[];
  /** whether off checks fail the run (default true); false for a synthetic dataset: they are reported only */
  checksEnforced?: boolean;
  /** the distinct warnings raised while building everything, each with how often it was raised */
  warnings?: readonly { message: string; count: number }[];
  /** path of plotly.js relative to the page */
  plotlySrc?: string;
  /** `j2g audit`'s counts (and, when given, its results, itemised on the page): the paper checked against itself and the public facts (independent evidence) */
  audit?: AuditInput;
  /** the claims of figure captions and of the text about figures, checked (figureClaims.ts) */
  figureClaims?: readonly FigureClaimResult[];
  /** path of the explorer's index.html relative to the page (issue #12), linked from the top */
  explorer?: string;
  /** the resolved scenario everything was computed under (scenario.json beside the page) */
  scenario?: ResolvedScenario;
  /** per reproduced table of a reconstructed dataset: cells a printed number pins, and the others (cellProvenance.ts) */
  cellProvenance?: readonly Pick<TableCellProvenance, 'name' | 'pinned' | 'unconstrained'>[];
  /** the robustness figures the robustness notebook drew in this run (pageParts.ts robustnessHtml) */
  robustness?: { figures: readonly RobustnessFigure[]; notebook: string };
  /** the scenario's headline numbers the page opens with (headline.ts reportHeadline) */
  headline?: Headline;
  /** what the run that made the page wrote and what it did not (runSummary.ts), shown right after the result */
  runSummary?: readonly RunSummaryLine[];
  /** the dataset's validity flags and meter cross-check per system (measurementHtml.ts measurementLines) */
  measurement?: { flags: readonly string[]; crossChecks: readonly string[] };
}

/**
 * How many compared values are independent evidence about the paper and how many hold by
 * construction: a reproduced value is evidence only when it is not by construction (recorded data);
 * the audit's checks of the paper against itself and the public facts are evidence whatever the dataset.
 * @example evidenceCounts([{ reproduced: 1, byConstruction: true }, { reproduced: 2, byConstruction: false }, { reproduced: null, byConstruction: false }])
 * // => { fromData: 1, byConstruction: 1, notReproduced: 1 }
 */
export function evidenceCounts(rows: readonly Pick<Comparison, 'reproduced' | 'byConstruction'>[]): { fromData: number; byConstruction: number; notReproduced: number } {
  const out = { fromData: 0, byConstruction: 0, notReproduced: 0 };
  for (const r of rows) {
    if (r.reproduced === null) out.notReproduced++;
    else if (r.byConstruction) out.byConstruction++;
    else out.fromData++;
  }
  return out;
}

/** The figures whose provenance badge says their values are not (or partly not) constrained by the paper. */
function figureProvenance(figures: ReportInput['figures']): string {
  const marked = figures.filter((f) => /NOT CONSTRAINED/.test(String(f.spec.layout.meta.provenanceBadge ?? '')));
  return marked.length
    ? `<p class="note">Resting on inputs no published number constrains (see each figure's badge):</p><ul class="note">${marked.map((f) => `<li>Figure ${escapeHtml(f.id)}: ${escapeHtml(String(f.spec.layout.meta.provenanceBadge))}</li>`).join('')}</ul>`
    : '';
}

/** The report's first lines: independent evidence apart from what holds by construction. */
export function evidenceSummaryHtml(input: Pick<ReportInput, 'comparisons' | 'audit' | 'provenance' | 'cellProvenance'>): string {
  const e = evidenceCounts(input.comparisons);
  const audit = input.audit
    ? `${input.audit.passed + input.audit.known + input.audit.failed} checks of the paper against itself and the public facts (<code>j2g audit</code>): ${input.audit.passed} pass, ${input.audit.known} known discrepancies, ${input.audit.failed} fail`
    : 'the paper checked against itself and the public facts: not run here (<code>j2g audit</code>)';
  const data = input.provenance.provenance === 'recorded'
    ? `${e.fromData} published values compared with values reproduced from recorded data`
    : `0 values from recorded data (this dataset is ${escapeHtml(input.provenance.provenance)}${e.fromData ? `; ${e.fromData} values compared with it are illustrations, not evidence` : ''})`;
  const cells = input.cellProvenance?.length
    ? input.cellProvenance.reduce((a, r) => ({ pinned: a.pinned + r.pinned, unconstrained: a.unconstrained + r.unconstrained }), { pinned: 0, unconstrained: 0 })
    : null;
  const construction = `${e.byConstruction} values hold by construction: the reconstruction was calibrated to them, or they are arithmetic on calibrated cells, or copies of the reference data. They check the reconstruction, not the paper: their "exact" and "0 off" are no evidence about the paper.`;
  return `<div class="evidence"><p><b>Independent evidence:</b> ${audit}; ${data}.</p>
<p><b>By construction:</b> ${construction}</p>
<p class="note">${e.notReproduced} published values are not reproduced (the dataset cannot give them). Figures whose values rest on inputs no published number constrains carry a badge saying so; the reconstruction's README (data/recorded/joules-to-gdp-reconstructed/README.md) lists those inputs.${input.provenance.provenance === 'reconstructed' ? ` In the reproduced tables, every row or cell the paper does not print (the single-accelerator deployments of Table 1, for one) is the generator\'s choice${cells ? `: ${cells.unconstrained} of ${cells.pinned + cells.unconstrained} cells, each marked † (per table: <a href="#cell-provenance">below</a>)` : ''}.` : ''}</p></div>`;
}

const STYLE = `
body { font-family: Inter, "Helvetica Neue", Helvetica, Arial, sans-serif; color: #222; margin: 2rem auto; max-width: 1100px; padding: 0 1rem; }
h1 { font-size: 1.6rem; } h2 { margin-top: 2.5rem; border-bottom: 1px solid #ddd; padding-bottom: .3rem; }
table { font-size: .85rem; margin: .5rem 0 1.5rem; } th, td { padding: .2rem .5rem; border-bottom: 1px solid #eee; text-align: left; }
.summary td { border: none; } .fail { color: #A50E0E; font-weight: 600; } .pass { color: #1B5E20; font-weight: 600; }
.j2g-figure { margin: 1rem 0 2rem; } .headline { font-size: 1.1rem; } .tolerance { border-left: 4px solid #0072B2; padding: .3rem .8rem; background: #EEF5FB; } details summary { cursor: pointer; margin: .4rem 0; } .evidence { border: 1px solid #D55E00; background: #FFF8EE; padding: .2rem .8rem; } .note { color: #555; font-size: .9rem; } .run-summary { border: 1px solid #999; padding: .1rem .8rem; margin-bottom: 1rem; } .run-summary ul { list-style: none; padding-left: .5rem; margin: .2rem 0 .5rem; } .skipped li { white-space: pre-line; }
`;

/** The comparison rule, stated once and shown at the top of the page (not in small print). */
export const TOLERANCE_HTML = '<p class="tolerance"><b>Tolerance.</b> A point estimate is <i>exact</i> when the reproduced value rounds to the printed number, <i>within tolerance</i> within 1% of it. <b>Interval endpoints and Table 16</b> (which depend on resampling) are <i>within tolerance</i> within <b>15% of the printed interval\'s width</b> (or 15% of the value; never less than one printed unit). Anything else is <i>off</i>; <i>not reproduced</i> when the dataset cannot give the value (set-up facts in the text are not data).</p>';

/**
 * The status paragraph's first sentences: what the evidence says. When every reproduced value holds
 * by construction (a reconstructed dataset) the comparison says nothing about the paper, so it names
 * the independent evidence (the audit) instead; the figure claims are reported apart from it, since
 * they are checked on the dataset's own values.
 */
export function headlineHtml(input: Pick<ReportInput, 'comparisons' | 'audit' | 'figureClaims' | 'checksEnforced'> & Partial<Pick<ReportInput, 'provenance'>>): string {
  return `<p class="status">${headlineWords(input)}</p>`;
}

function headlineWords(input: Pick<ReportInput, 'comparisons' | 'audit' | 'figureClaims' | 'checksEnforced'> & Partial<Pick<ReportInput, 'provenance'>>): string {
  const failing = failingChecks(input.comparisons);
  const e = evidenceCounts(input.comparisons);
  const audit = input.audit;
  const auditWords = audit
    ? `${audit.passed} of ${audit.passed + audit.known + audit.failed} checks of the paper against itself and the public facts pass (${audit.known} known discrepanc${audit.known === 1 ? 'y' : 'ies'}, ${audit.failed} unexpected failure${audit.failed === 1 ? '' : 's'})`
    : 'the audit of the paper against itself was not run';
  const claims = input.figureClaims?.length ? figureClaimCounts(input.figureClaims) : null;
  const failedClaims = (input.figureClaims ?? []).filter((c) => c.status === 'fails');
  // figure claims are checked on this dataset's values: on a reconstruction they hold by construction or test the reconstruction, so they are not independent evidence about the paper
  const claimWords = claims
    ? ` Figure claims, checked on this dataset's values: ${claims.holds} of ${claims.holds + claims.fails} hold${failedClaims.length ? ` and ${failedClaims.length} fail${failedClaims.length === 1 ? 's' : ''} (${failedClaims.map((c) => `Figure ${escapeHtml(c.figure)}: “${escapeHtml(c.quote)}”`).join('; ')})` : ''}${input.provenance?.provenance === 'reconstructed' ? '; on this reconstructed dataset they hold by construction or test the reconstruction, not the paper' : ''}.`
    : '';
  const head = failing.length && input.checksEnforced !== false
    ? `<span class="fail">${failing.length} published value${failing.length === 1 ? ' is' : 's are'} off and not by construction.</span>`
    : failing.length
    ? `${failing.length} published value${failing.length === 1 ? ' differs' : 's differ'} from this dataset's numbers; this dataset is not the paper's runs, so the comparison is shown for reference and does not fail the run.`
    : e.fromData === 0 && e.byConstruction > 0
    ? `All ${e.byConstruction} reproduced published values hold by construction (the dataset was calibrated to them), so they are no evidence about the paper.`
    : `${e.fromData} published values reproduced from the data: none is off.`;
  return `${head} Independent evidence: ${auditWords}.${claimWords}`;
}

/**
 * The honest one-paragraph status under the result: what is evidence about the paper and what holds
 * by construction, from the same counts as the rest of the page (headlineHtml, evidenceCounts).
 */
export function statusHtml(input: Pick<ReportInput, 'comparisons' | 'audit' | 'figureClaims' | 'checksEnforced' | 'provenance'>): string {
  const e = evidenceCounts(input.comparisons);
  const data = input.provenance.provenance === 'recorded'
    ? `The ${e.fromData} published values compared with values reproduced from recorded data are evidence about the paper${e.byConstruction ? `; ${e.byConstruction} others hold by construction (copies of the reference data)` : ''}.`
    : `This dataset is ${escapeHtml(input.provenance.provenance)}, not the paper's measurements: the numbers above are what the method gives on it, and the ${e.byConstruction + e.fromData} published values compared with it check the ${input.provenance.provenance === 'reconstructed' ? 'reconstruction (it was calibrated to them: they hold by construction)' : 'method on a stand-in'}, not the paper.`;
  return `<p class="status">${headlineWords(input)} ${data} ${e.notReproduced} published values are not reproduced (the dataset cannot give them).</p>`;
}

const sectionName = (id: string) => (id === 'text' ? 'Numbers in the text' : `Table ${id}`);

function tableSection(id: string, rows: readonly Comparison[]): string {
  return `<h3 id="table-${escapeHtml(id)}">${escapeHtml(sectionName(id))}</h3>\n${comparisonHtml(rows)}`;
}

export function reportHtml(input: ReportInput): string {
  const counts = statusCounts(input.comparisons);
  // one set of counts everywhere: evidenceCounts (the banner), this summary and checks.csv's by_construction agree
  const e = evidenceCounts(input.comparisons);
  const plotlySrc = input.plotlySrc ?? 'figures/plotly.js';
  const tableIds = [...new Set(input.comparisons.map((c) => c.table))];
  const summary = `<table class="summary"><tr>${Object.entries(counts).map(([k, v]) => `<td><b>${v}</b> ${escapeHtml(k)}</td>`).join('')}<td><b>${e.byConstruction}</b> by construction</td></tr></table>`;
  const notebooks = notebooksHtml(input.notebooks);
  const tables = input.tables?.length
    ? `<p class="note">Reproduced tables: ${input.tables.map((t) => `${escapeHtml(t.name)} (<a href="${escapeHtml(t.csv)}">CSV</a>, <a href="${escapeHtml(t.md)}">Markdown</a>)`).join(', ')}.</p>`
    : '';
  const skippedTables = skippedTablesHtml(input.skippedTables);
  // the result's figure (Figure 5: the models compared, else Figure 1(a)) opens the page; the others stay under Figures
  const resultFigure = input.figures.find((f) => f.id === '5') ?? input.figures.find((f) => f.id === '1a');
  const figures = figureSectionsHtml(input.figures.filter((f) => f !== resultFigure));
  const skipped = skippedFiguresHtml(input.skippedFigures);
  const warnings = warningsHtml(input.warnings);
  const auditItems = auditChecksHtml(input.audit);
  const claims = figureClaimsHtml(input.figureClaims);
  // values that are all by construction are no evidence: they go below the evidence, collapsed
  const allByConstruction = e.fromData === 0 && e.byConstruction > 0;
  const comparisonTables = tableIds.map((id) => tableSection(id, input.comparisons.filter((c) => c.table === id))).join('\n');
  const published = allByConstruction
    ? `<h2 id="tables">What holds by construction</h2>
<details class="by-construction"><summary>${e.byConstruction} published values beside the reproduced ones, every one by construction (${Object.entries(counts).filter(([, v]) => v).map(([k, v]) => `${v} ${escapeHtml(k)}`).join(', ')}): they check the reconstruction, not the paper. Show them.</summary>
${summary}
${comparisonTables}
</details>`
    : `<h2 id="tables">Published values beside reproduced</h2>
${summary}
${comparisonTables}`;
  return `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><title>Joules-to-GDP reproduction: ${escapeHtml(input.provenance.name)}</title>
<style>${STYLE}</style>
<script src="${escapeHtml(plotlySrc)}"></script></head>
<body>
<h1>Joules-to-GDP: reproduced against published</h1>
${resultHtml(input.headline, resultFigure ? figureSectionsHtml([resultFigure]) : '')}
<!-- j2g:run-summary: the reproduce run's summary (what was written and what not) -->
<section id="run-summary">${runSummaryHtml(input.runSummary)}</section>
<h2 id="status">Status</h2>
${statusHtml(input)}
${TOLERANCE_HTML}
<p>${escapeHtml(provenanceText(input.provenance))}${input.description ? ` ${escapeHtml(input.description)}` : ''}</p>
${scenarioLineHtml(input.scenario, input.scenarioNote ?? null)}
${explorerLinkHtml(input.explorer)}
<nav><a href="#result">Result</a> · <a href="#evidence">Independent evidence</a>${auditItems ? ' · <a href="#audit">Audit</a>' : ''}${claims ? ' · <a href="#figure-claims">Figure claims</a>' : ''} · <a href="#tables">${allByConstruction ? 'By construction' : 'Published values'}</a> · <a href="#figures">Figures</a>${notebooks ? ' · <a href="#notebooks">Notebooks</a>' : ''}${warnings ? ' · <a href="#warnings">Warnings</a>' : ''}</nav>
<h2 id="evidence">Independent evidence</h2>
${evidenceSummaryHtml(input)}
${auditItems ? `<h3 id="audit">The paper checked against itself and the public facts (<code>j2g audit</code>)</h3>\n<p class="note">Each printed number stands for the range its printed digits allow; a check passes when that range meets the range recomputed from the other printed numbers. No other tolerance.</p>\n${auditItems}` : ''}
${claims ? `<h2 id="figure-claims">Claims of captions and text about figures, checked on this dataset</h2>\n${claims}` : ''}
${published}
${tables}
${cellProvenanceHtml(input.cellProvenance)}
${skippedTables}
<h2 id="figures">Figures</h2>
${resultFigure ? `<p class="note">Figure ${escapeHtml(resultFigure.id)} is at the top of the page (<a href="#result">the result</a>).</p>` : ''}
${figureProvenance(input.figures)}
${skipped}
${figures}
${robustnessHtml(input.robustness)}
${measurementHtml(input.measurement)}
${notebooks}
${warnings}
${figureScriptHtml(input.figures)}
</body></html>
`;
}
