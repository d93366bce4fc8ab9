/**
 * report.html for a dataset that is not the paper's (paperDataset.ts decides, on data): the page leads
 * with the dataset's own tables and figures, says what they were computed under (the resolved
 * scenario, out/scenario.json), and then compares with the paper only the rows the dataset shares;
 * published values about systems, categories or occupations it does not have are counted in one
 * sentence, not listed (and never as "off"). The paper's dataset keeps reportHtml's page.
 * No clock in the page: the same inputs give the same bytes.
 */
import { comparisonHtml } from '../display/comparisonHtml.ts';
import { provenanceText } from '../plots/theme.ts';
import { referenceWords, weightsWords, policyWords } from '../plots/captions.ts';
import { escapeHtml, scriptJson } from '../export/plotly.ts';
import { policyFromText, type ResolvedScenario } from '../scenario/schema.ts';
import { statusCounts } from './compare.ts';
import type { ReportInput } from './reportHtml.ts';
import { applicableChecks, type PaperMatch } from './paperDataset.ts';

/**
 * What every table and figure was computed under, in words, from the resolved scenario.
 * @example scenarioWords(resolveScenario({ dataset: 'data/recorded/synthetic-small' }, loadDataset('data/recorded/synthetic-small'))).startsWith('system sysX, judge J1, attempt 1 (pass@1)') // => true
 */
export function scenarioWords(s: ResolvedScenario): string {
  const rates = s.rates.nodeRateUSDPerHour === null && !Object.keys(s.rates.bySystem).length && s.rates.nodeTypesFile === null
    ? 'recorded node-hour rates'
    : [s.rates.nodeRateUSDPerHour !== null ? `${s.rates.nodeRateUSDPerHour} USD per node-hour on the primary node type` : null,
      ...Object.entries(s.rates.bySystem).map(([k, v]) => `${k} at ${v} USD per node-hour`),
      s.rates.nodeTypesFile !== null ? `node-type rates from ${s.rates.nodeTypesFile}` : null].filter(Boolean).join(', ');
  const weights = typeof s.weights === 'string' ? weightsWords(s.weights) : 'file' in s.weights ? `weighted by ${s.weights.file}` : weightsWords('custom');
  return [
    `system ${s.system}`, `judge ${s.judge}`, policyWords(policyFromText(s.policy)!), referenceWords(s.judgmentReference, s.timeReference),
    weights, rates, `${s.draws} bootstrap draws (seed ${s.seed})`, `${s.winTieInterval.replace('_', ' ')} win-tie intervals`,
    s.qaij.latencyMaxS === null ? 'no QAIJ latency contract' : `QAIJ latency contract ${s.qaij.latencyMaxS} s`,
  ].join(', ');
}

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
.j2g-figure { margin: 1rem 0 2rem; } .note { color: #555; font-size: .9rem; } .skipped li { white-space: pre-line; }
`;

const list = (xs: readonly string[]) => xs.map(escapeHtml).join(', ');

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
  const skippedTables = input.skippedTables?.length
    ? `<p class="note">Not computed for this dataset:</p><ul class="note skipped">${input.skippedTables.map((t) => `<li>${escapeHtml(t.name)} (${escapeHtml(t.reason)})</li>`).join('')}</ul>`
    : '';
  const figures = input.figures.map(({ id, files }) => {
    const links = files ? Object.entries(files).filter(([, v]) => v).map(([k, v]) => `<a href="${escapeHtml(v!)}">${k.toUpperCase()}</a>`).join(' · ') : '';
    return `<section class="j2g-figure-section"><div class="j2g-figure" id="figure-${escapeHtml(id)}" data-figure="${escapeHtml(id)}"></div>${links ? `<p class="note">${links}</p>` : ''}</section>`;
  }).join('\n');
  const skippedFigures = input.skippedFigures?.length
    ? `<p class="note">Not drawn for this dataset:</p><ul class="note skipped">${input.skippedFigures.map((s) => `<li>Figure ${escapeHtml(s.id)} (${escapeHtml(s.reason)})</li>`).join('')}</ul>`
    : '';
  const sharedWords = match.shared.length
    ? `It shares ${match.shared.length === 1 ? 'one' : match.shared.length} of the paper's ${match.paper.length} systems (${list(match.shared)})${match.primaryShared ? ', its primary system among them' : ", not its primary system, so only Table 1's rows of those systems are compared"}.`
    : `It shares none of them, so no published value is about a row it has.`;
  const idsOf = [...new Set(applicable.map((c) => c.table))];
  const paper = applicable.length
    ? `<p class="note">${Object.entries(counts).filter(([, v]) => v).map(([k, v]) => `<b>${v}</b> ${escapeHtml(k)}`).join(', ')}. This dataset is not the paper's runs, so a difference is information about the two datasets, not a failed check.</p>
${idsOf.map((id) => `<h3>${id === 'text' ? 'Numbers in the text' : `Table ${escapeHtml(id)}`}</h3>\n${comparisonHtml(applicable.filter((c) => c.table === id))}`).join('\n')}`
    : '';
  const notebooks = input.notebooks?.length
    ? `<h2 id="notebooks">Notebooks</h2><table><tr><th>Notebook</th><th>Status</th><th>Time (s)</th></tr>${input.notebooks.map((n) =>
      `<tr><td>${n.file ? `<a href="${escapeHtml(n.file)}">${escapeHtml(n.name)}</a>` : escapeHtml(n.name)}</td><td class="${n.ok ? 'pass' : 'fail'}">${n.ok ? 'ran' : 'failed'}</td><td>${n.seconds.toFixed(1)}</td></tr>`).join('')}</table>`
    : '';
  const warnings = input.warnings?.length
    ? `<h2 id="warnings">Warnings</h2><ul class="note skipped">${input.warnings.map((w) => `<li>${escapeHtml(w.message)}${w.count > 1 ? ` (${w.count} times)` : ''}</li>`).join('')}</ul>`
    : '';
  const specs = Object.fromEntries(input.figures.map(({ id, spec }) => [id, spec]));
  return `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><title>Joules-to-GDP tables and figures: ${escapeHtml(input.provenance.name)}</title>
<style>${STYLE}</style>
<script src="${escapeHtml(plotlySrc)}"></script></head>
<body>
<h1>Joules-to-GDP tables and figures: ${escapeHtml(input.provenance.name)}</h1>
<p>${escapeHtml(provenanceText(input.provenance))}${input.description ? ` ${escapeHtml(input.description)}` : ''}</p>
<p id="scenario">Computed under: ${escapeHtml(scenarioWords(input.scenario))} (every field: <a href="scenario.json">scenario.json</a>).</p>
<p class="note">This dataset's systems (${list(match.models)}) are not the paper's (${list(match.paper)}): the page shows its own tables and figures first, then the paper's published values for the rows it shares.</p>
<nav><a href="#tables">Tables</a> · <a href="#figures">Figures</a> · <a href="#paper">Against the paper</a>${notebooks ? ' · <a href="#notebooks">Notebooks</a>' : ''}${warnings ? ' · <a href="#warnings">Warnings</a>' : ''}</nav>
${input.explorer ? `<p class="explorer">Move any input and watch every table and figure follow: <a href="${escapeHtml(input.explorer)}">the explorer</a> (served by any static file server, e.g. <code>python3 -m http.server -d out</code>).</p>\n` : ''}<h2 id="tables">Tables</h2>
${skippedTables}
${tables}
<h2 id="figures">Figures</h2>
${skippedFigures}
${figures}
<h2 id="paper">Against the paper</h2>
<p>${escapeHtml(sharedWords)}${left ? ` ${left} published value${left === 1 ? ' is' : 's are'} about rows this dataset does not have and ${left === 1 ? 'is' : 'are'} not compared (all in checks.csv).` : ''}</p>
${paper}
${notebooks}
${warnings}
<script>
const specs = ${scriptJson(specs)};
window.j2gRendered = Promise.all(Object.entries(specs).map(([id, spec]) =>
  Plotly.newPlot('figure-' + id, spec.data, spec.layout, { responsive: true, displaylogo: false })));
</script>
</body></html>
`;
}
