/**
 * report.html for a dataset that is not the paper's (paperDataset.ts decides, on data): the page leads
 * with the dataset's own tables and figures, says what they were computed under (the resolved
 * scenario, out/scenario.json), and then compares with the paper only the rows the dataset shares;
 * published values about systems, categories or occupations it does not have are counted in one
 * sentence, not listed (and never as "off"). The paper's dataset keeps reportHtml's page.
 * No clock in the page: the same inputs give the same bytes.
 */
import { runSummaryHtml } from './runSummary.ts';
import { measurementHtml } from './measurementHtml.ts';
import { comparisonHtml } from './comparisonHtml.ts';
import { provenanceText } from '../plots/theme.ts';
import { escapeHtml } from '../export/plotly.ts';
import { explorerLinkHtml, figureScriptHtml, figureSectionsHtml, notebooksHtml, scenarioLineHtml, skippedFiguresHtml, skippedTablesHtml, warningsHtml, robustnessHtml } from './pageParts.ts';
export { scenarioWords } from './scenarioWords.ts';
import type { ResolvedScenario } from '../scenario/schema.ts';
import { statusCounts } from './compare.ts';
import type { ReportInput } from './reportHtml.ts';
import { applicableChecks, type PaperMatch } from './paperDataset.ts';
import { figureClaimsHtml } from './evidenceHtml.ts';


export interface DatasetReportInput extends ReportInput {
  match: PaperMatch;
  /** the resolved scenario everything was computed under (written beside the page as scenario.json) */
  scenario: ResolvedScenario;
  /** the dataset's tables as HTML, each with its caption (plots/captions.ts tableCaption) */
  ownTables: readonly { name: string; caption: string; html: string; csv: string; md: string }[];
}

const STYLE = `
body { font-family: Inter, "Helvetica Neue", Helvetica, Arial, sans-serif; color: #222; margin: 2rem auto; max-width: 1100px; padding: 0 1rem; }
h1 { font-size: 1.6rem; } h2 { margin-top: 2.5rem; border-bottom: 1px solid #ddd; padding-bottom: .3rem; }
table { font-size: .85rem; margin: .5rem 0 1.5rem; } th, td { padding: .2rem .5rem; border-bottom: 1px solid #eee; text-align: left; }
.fail { color: #A50E0E; font-weight: 600; } .pass { color: #1B5E20; font-weight: 600; }
.j2g-figure { margin: 1rem 0 2rem; } .run-summary { border: 1px solid #999; padding: .1rem .8rem; margin-bottom: 1rem; } .run-summary ul { list-style: none; padding-left: .5rem; margin: .2rem 0 .5rem; } .note { color: #555; font-size: .9rem; } .skipped li { white-space: pre-line; }
`;

const list = (xs: readonly string[]) => xs.map(escapeHtml).join(', ');

/**
 * Which of the dataset's systems are the paper's, by identity (model, harness, accelerator and count;
 * paperDataset.ts), in words that never set a name against the same name (issue #28).
 */
export function identityWords(match: PaperMatch): string {
  const rule = "a system is the paper's when its model, harness, accelerator and accelerator count are those the paper states";
  return match.shared.length
    ? `This dataset has ${match.shared.length} of the paper's ${match.paper.length} Table 1 systems (${match.shared.join(', ')}), not all of them (${rule}); its systems: ${match.models.join('; ')}.`
    : `None of this dataset's systems (${match.models.join('; ')}) is one of the paper's Table 1 systems (${match.paper.join('; ')}): ${rule}.`;
}

/** The page (see the file comment). */
export function datasetReportHtml(input: DatasetReportInput): string {
  const { match } = input;
  const plotlySrc = input.plotlySrc ?? 'figures/plotly.js';
  const applicable = applicableChecks(input.comparisons, match);
  const left = input.comparisons.length - applicable.length;
  const counts = statusCounts(applicable);
  const tables = input.ownTables.map((t) => `<h3 id="${escapeHtml(t.name.toLowerCase().replace(/\s+/g, ''))}">${escapeHtml(t.name)}</h3>
<p class="note">${escapeHtml(t.caption)} (<a href="${escapeHtml(t.csv)}">CSV</a>, <a href="${escapeHtml(t.md)}">Markdown</a>)</p>
${t.html}`).join('\n');
  const skippedTables = skippedTablesHtml(input.skippedTables);
  const figures = figureSectionsHtml(input.figures);
  const skippedFigures = skippedFiguresHtml(input.skippedFigures);
  const sharedWords = match.shared.length
    ? `It shares ${match.shared.length === 1 ? 'one' : match.shared.length} of the paper's ${match.paper.length} systems (${list(match.shared)})${match.primaryShared ? ', its primary system among them' : ", not its primary system, so only Table 1's rows of those systems are compared"}.`
    : `It shares none of them, so no published value is about a row it has.`;
  const idsOf = [...new Set(applicable.map((c) => c.table))];
  const paper = applicable.length
    ? `<p class="note">${Object.entries(counts).filter(([, v]) => v).map(([k, v]) => `<b>${v}</b> ${escapeHtml(k)}`).join(', ')}. This dataset is not the paper's runs, so a difference is information about the two datasets, not a failed check.</p>
${idsOf.map((id) => `<h3>${id === 'text' ? 'Numbers in the text' : `Table ${escapeHtml(id)}`}</h3>\n${comparisonHtml(applicable.filter((c) => c.table === id))}`).join('\n')}`
    : '';
  const notebooks = notebooksHtml(input.notebooks);
  const warnings = warningsHtml(input.warnings);
  return `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><title>Joules-to-GDP tables and figures: ${escapeHtml(input.provenance.name)}</title>
<style>${STYLE}</style>
<script src="${escapeHtml(plotlySrc)}"></script></head>
<body>
<h1>Joules-to-GDP tables and figures: ${escapeHtml(input.provenance.name)}</h1>
${runSummaryHtml(input.runSummary)}
<p>${escapeHtml(provenanceText(input.provenance))}${input.description ? ` ${escapeHtml(input.description)}` : ''}</p>
${scenarioLineHtml(input.scenario, input.scenarioNote ?? null)}
<p class="note">${escapeHtml(identityWords(match))} The page shows its own tables and figures first, then the paper's published values for the rows it shares.</p>
<nav><a href="#tables">Tables</a> · <a href="#figures">Figures</a> · <a href="#paper">Against the paper</a>${notebooks ? ' · <a href="#notebooks">Notebooks</a>' : ''}${warnings ? ' · <a href="#warnings">Warnings</a>' : ''}</nav>
${explorerLinkHtml(input.explorer)}<h2 id="tables">Tables</h2>
${skippedTables}
${tables}
<h2 id="figures">Figures</h2>
${skippedFigures}
${figures}
<h2 id="paper">Against the paper</h2>
<p>${escapeHtml(sharedWords)}${left ? ` ${left} published value${left === 1 ? ' is' : 's are'} about rows this dataset does not have and ${left === 1 ? 'is' : 'are'} not compared (all in checks.csv).` : ''}</p>
${paper}
${input.figureClaims?.length ? `<h3 id="figure-claims">Claims of captions and text about figures</h3>\n${figureClaimsHtml(input.figureClaims)}` : ''}
${robustnessHtml(input.robustness)}
${measurementHtml(input.measurement)}
${notebooks}
${warnings}
${figureScriptHtml(input.figures)}
</body></html>
`;
}
