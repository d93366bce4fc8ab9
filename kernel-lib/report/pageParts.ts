/**
 * The parts that report.html (reportHtml.ts, the paper's dataset) and the page for any other dataset
 * (datasetReport.ts) share: one definition each, so the two pages cannot drift apart in how they
 * show skipped tables and figures, the figures themselves, the notebooks run, the warnings, the
 * explorer link and the scenario line. Every part is plain HTML from its input, escaped; no clock.
 */
import type { PlotSpec } from '../plots/spec.ts';
import { escapeHtml, scriptJson } from '../export/plotly.ts';
import type { ResolvedScenario } from '../scenario/schema.ts';
import { scenarioWords } from './scenarioWords.ts';

export interface PageFigure { id: string; spec: PlotSpec; files?: { html?: string; svg?: string; png?: string } }

/** "Not computed for this dataset:" and each skipped table with its reason; '' when none. */
export function skippedTablesHtml(skipped: readonly { name: string; reason: string }[] | undefined): string {
  return skipped?.length
    ? `<p class="note">Not computed for this dataset:</p><ul class="note skipped">${skipped.map((t) => `<li>${escapeHtml(t.name)} (${escapeHtml(t.reason)})</li>`).join('')}</ul>`
    : '';
}

/** "Not drawn for this dataset:" and each skipped figure with its reason; '' when none. */
export function skippedFiguresHtml(skipped: readonly { id: string; reason: string }[] | undefined): string {
  return skipped?.length
    ? `<p class="note">Not drawn for this dataset:</p><ul class="note skipped">${skipped.map((s) => `<li>Figure ${escapeHtml(s.id)} (${escapeHtml(s.reason)})</li>`).join('')}</ul>`
    : '';
}

/** One section per figure (its div, drawn by figureScriptHtml, and links to its files). */
export function figureSectionsHtml(figures: readonly PageFigure[]): string {
  return figures.map(({ id, files }) => {
    const links = files ? Object.entries(files).filter(([, v]) => v).map(([k, v]) => `<a href="${escapeHtml(v!)}">${k.toUpperCase()}</a>`).join(' · ') : '';
    return `<section class="j2g-figure-section"><div class="j2g-figure" id="figure-${escapeHtml(id)}" data-figure="${escapeHtml(id)}"></div>${links ? `<p class="note">${links}</p>` : ''}</section>`;
  }).join('\n');
}

/** The script that draws every figure with plotly.js; `window.j2gRendered` resolves when all are drawn. */
export function figureScriptHtml(figures: readonly PageFigure[]): string {
  const specs = Object.fromEntries(figures.map(({ id, spec }) => [id, spec]));
  return `<script>
const specs = ${scriptJson(specs)};
window.j2gRendered = Promise.all(Object.entries(specs).map(([id, spec]) =>
  Plotly.newPlot('figure-' + id, spec.data, spec.layout, { responsive: true, displaylogo: false })));
</script>`;
}

/** The notebooks run, with their status and time; '' when none ran. */
export function notebooksHtml(notebooks: readonly { name: string; ok: boolean; seconds: number; file?: string }[] | undefined): string {
  return notebooks?.length
    ? `<h2 id="notebooks">Notebooks</h2><table><tr><th>Notebook</th><th>Status</th><th>Time (s)</th></tr>${notebooks.map((n) =>
      `<tr><td>${n.file ? `<a href="${escapeHtml(n.file)}">${escapeHtml(n.name)}</a>` : escapeHtml(n.name)}</td><td class="${n.ok ? 'pass' : 'fail'}">${n.ok ? 'ran' : 'failed'}</td><td>${n.seconds.toFixed(1)}</td></tr>`).join('')}</table>`
    : '';
}

/** Every distinct warning with its count; '' when none. */
export function warningsHtml(warnings: readonly { message: string; count: number }[] | undefined): string {
  return warnings?.length
    ? `<h2 id="warnings">Warnings</h2><ul class="note skipped">${warnings.map((w) => `<li>${escapeHtml(w.message)}${w.count > 1 ? ` (${w.count} times)` : ''}</li>`).join('')}</ul>`
    : '';
}

/** The link to the explorer (issue #12); '' without one. */
export function explorerLinkHtml(explorer: string | undefined): string {
  return explorer
    ? `<p class="explorer">Move any input and watch every table and figure follow: <a href="${escapeHtml(explorer)}">the explorer</a> (served by any static file server, e.g. <code>python3 -m http.server -d out</code>; a file:// page cannot load its data).</p>\n`
    : '';
}

/** "Computed under: ..." from the resolved scenario, linking scenario.json; '' without one. */
export function scenarioLineHtml(scenario: ResolvedScenario | undefined, note: string | null = null): string {
  const differs = note ? `<p id="scenario-note" class="note">This scenario ${escapeHtml(note)}; values that depend on it are not compared with published numbers.</p>` : '';
  return scenario ? `<p id="scenario">Computed under: ${escapeHtml(scenarioWords(scenario))} (every field: <a href="scenario.json">scenario.json</a>).</p>${differs}` : '';
}

/** A robustness figure drawn by notebooks/13-robustness.ipynb (plots/registry.ts ROBUSTNESS_FIGURES), as the report shows it. */
export interface RobustnessFigure {
  id: string;
  title: string;
  /** the PNG's path relative to the page */
  png: string;
}

/**
 * The report's "How robust is it?" section (issue #26): the specification curve and the uncertainty
 * budget as the robustness notebook drew them in this run, linked to it; '' when it drew neither.
 */
export function robustnessHtml(robustness: { figures: readonly RobustnessFigure[]; notebook: string } | undefined): string {
  if (!robustness || robustness.figures.length === 0) return '';
  return `<h2 id="robustness">How robust is it?</h2>
<p class="note">Beyond the paper: which conclusions survive every analysis choice the dataset supports (the specification curve), which choice moves NVJ and TSJ most (the spread by choice: eta squared, the share of the variance between a choice's values), and how much each source of noise adds to the intervals (the uncertainty budget; its shares are Shapley shares summing to 1, a negative one meaning that the source narrows the interval). The notebook also tests the curve as a whole under the null of no effect in any specification (a bootstrap under the null, per conclusion) and leaves each category out in turn. Drawn by <a href="${escapeHtml(robustness.notebook)}">${escapeHtml(robustness.notebook.split('/').pop() ?? robustness.notebook)}</a> in this run; <code>j2g multiverse --budget</code> writes every specification and conclusion. Never compared with a published number.</p>
${robustness.figures.map((f) => `<figure id="figure-${escapeHtml(f.id)}"><img src="${escapeHtml(f.png)}" alt="${escapeHtml(f.title)}" style="max-width:100%"><figcaption>${escapeHtml(f.title)}</figcaption></figure>`).join('\n')}`;
}
