/**
 * What-if analyses in a notebook (notebooks/12-what-if.ipynb, issue #11): the notebook's scenario is
 * the baseline, a few changed parameters make the variant, and `compareScenarios` sets one beside the
 * other. Thin cells: `showWhatIf(whatIf(nb, { rate: 50.44 }))`.
 *
 * @example
 * const nb = openNotebook({ data: 'data/recorded/synthetic-small', draws: 100 });
 * whatIf(nb, { weights: 'employment' }).changes // => ['weights: "gdp" -> "employment"']
 */
import * as aq from 'arquero';
import { J2GError } from '../errors.ts';
import { loadScenario } from '../scenario/files.ts';
import { compareScenarios, intervalCoverage, type CellDifference, type ScenarioComparison } from '../scenario/compare.ts';
import { notebookScenario, parameterName, type Notebook, type NotebookParameters } from './notebook.ts';
import { showTable } from './show.ts';
import { readCsv } from '../io/csv.ts';
import { nodeRatesOf } from '../tables/table05.ts';
import { nodeRateOf } from '../metrics/taskComponents.ts';
import { NODE_RATES_FILE } from '../report/paperTables.ts';
import { tslabSink, type DisplaySink } from './sink.ts';

/**
 * The notebook's scenario against the same scenario with `changes` (parameters cell names: `rate`,
 * `weights`, `judgmentReference`, `policy`, ...; an invalid value is an error naming the parameter).
 * The variant uses the notebook's dataset (already loaded), and the paired bootstrap the notebook's
 * draws and seed. Changing `data` is refused: a what-if is one dataset under two scenarios.
 */
export function whatIf(nb: Notebook, changes: Partial<NotebookParameters>, env: NodeJS.ProcessEnv = process.env): ScenarioComparison {
  if (changes.data !== undefined) throw new J2GError('whatIf: parameter data cannot change (compare two datasets with j2g compare)');
  const input = notebookScenario({ ...nb.parameters, ...changes }, env);
  const variant = loadScenario({ ...input, dataset: nb.scenario.dataset }, { where: parameterName, dataset: nb.dataset });
  return compareScenarios({ scenario: nb.scenario, options: nb.options }, variant);
}

export interface ShowWhatIfOptions {
  /** tables whose cells are listed (default Tables 1, 13, 17 and 19: the benchmark, categories, references, policies) */
  tables?: readonly string[];
  /** columns listed (default nvj and tsj) */
  columns?: readonly string[];
  sink?: DisplaySink;
}

const fmt = (x: number | null, digits = 4) => (x === null ? '' : Number(x.toPrecision(digits)).toString());

/** The listed cells as a table: table, row, column, baseline, variant, difference, % change, paired 95% interval. */
export function whatIfTable(c: ScenarioComparison, options: Omit<ShowWhatIfOptions, 'sink'> = {}) {
  const tables = options.tables ?? ['table01', 'table13', 'table17', 'table19'];
  const columns = options.columns ?? ['nvj', 'tsj'];
  const keep = (x: CellDifference) => tables.includes(x.table) && columns.includes(x.column);
  return aq.from(c.cells.filter(keep).map((x) => {
    // Float noise of a difference (a sum taken in another order) is shown as 0, relative to the cell's size.
    const scale = Math.max(Math.abs(x.base ?? 0), Math.abs(x.variant ?? 0));
    const clean = (d: number | null) => (d !== null && Math.abs(d) <= 1e-12 * scale ? 0 : d);
    return {
      table: x.table, row: x.row, column: x.column, baseline: x.base, variant: x.variant, difference: clean(x.difference),
      percent_change: x.percentChange === null ? null : Number(x.percentChange.toFixed(1)) || 0,
      interval_95: x.lo === null ? '' : `[${fmt(clean(x.lo))}, ${fmt(clean(x.hi))}]`,
    };
  }));
}

/**
 * Display a comparison: what the variant changes, the conclusions that change, which cells carry a
 * paired interval, and the listed cells (`whatIfTable`).
 */
export function showWhatIf(c: ScenarioComparison, options: ShowWhatIfOptions = {}): void {
  const sink = options.sink ?? tslabSink();
  const conclusions = c.conclusions.length ? c.conclusions.map((s) => `- ${s}`).join('\n') : '- none: every leader, rank order, sign and frontier member stays';
  const md = [
    `**Variant:** ${c.changes.length ? c.changes.map((s) => `\`${s}\``).join('; ') : 'the baseline itself'}.`,
    '',
    '**Conclusions that change:**',
    '',
    conclusions,
    '',
    `*Differences are variant minus baseline; intervals are paired percentile 95% bootstrap intervals of the difference, ${c.draws} draws of the same resampled tasks for both sides (seed ${c.seed}). Cells with one: ${intervalCoverage(c)}.*`,
  ].join('\n');
  sink({ 'text/markdown': md, 'text/plain': md });
  showTable(whatIfTable(c, options), { sink, limit: Infinity });
}

/** A provider's published node-hour rate for the notebook system's node type, or why there is none. */
export type ProviderRate =
  | { ok: true; provider: string; rateUSDPerHour: number; baselineUSDPerHour: number; node: string; words: string }
  | { ok: false; reason: string };

/**
 * The published rate of `provider` (a provider of data/reference/node_rates.csv, or `file`) for the
 * node type of the notebook's system: its accelerator and count, never another node's (CoreWeave's
 * 50.44 USD per node-hour is an 8× H200 price, not an 8× H100 one). Refused, with the reason, when
 * the file has no such rate or the system has no recorded node rate to re-price from.
 */
export function providerRate(nb: Notebook, provider: string, file: string = NODE_RATES_FILE): ProviderRate {
  const system = nb.dataset.rows.systems.find((s) => s.system === nb.options.system)!;
  const node = `${system.accelerator_count}× ${system.accelerator}`;
  const label = `system ${system.system} (${node})`;
  if (system.node_rate_usd_per_hour === null) return { ok: false, reason: `${label} has no recorded node rate in systems.csv, so its costs cannot be re-priced` };
  const shown = file === NODE_RATES_FILE ? 'data/reference/node_rates.csv' : file;
  const csv = readCsv(file);
  const rates = nodeRatesOf(csv, system).filter((r) => r.label === provider);
  if (rates.length !== 1) {
    const others = nodeRatesOf(csv).filter((r) => r.label === provider);
    const elsewhere = others.length ? ` (its ${provider} rate${others.length > 1 ? 's are' : ' is'} for another node type)` : '';
    return { ok: false, reason: `${shown} has ${rates.length ? 'several' : 'no'} ${provider} rate${rates.length ? 's' : ''} for ${node}, the node type of ${label}${elsewhere}, so the ${provider} re-pricing is not computed` };
  }
  const baseline = nodeRateOf(nb.options.rates, system.system) ?? system.node_rate_usd_per_hour;
  const from = nodeRateOf(nb.options.rates, system.system) === undefined ? 'its recorded rate' : 'the rate your parameters set';
  const words = `The baseline prices ${label} at ${baseline} USD per node-hour (${from}); the variant at ${provider}'s published ${rates[0].usdPerNodeHour} USD per node-hour for ${node} (${shown}).`;
  return { ok: true, provider, rateUSDPerHour: rates[0].usdPerNodeHour, baselineUSDPerHour: baseline, node, words };
}

/**
 * Notebook 12's node-rate section: the notebook's scenario against the same runs re-priced at
 * `provider`'s published rate for its system's node type (providerRate), the sentence that says which
 * rates, then showWhatIf; or one line saying why there is no such rate.
 */
export function showProviderRateWhatIf(nb: Notebook, provider = 'CoreWeave', options: ShowWhatIfOptions & { file?: string } = {}): void {
  const sink = options.sink ?? tslabSink();
  const r = providerRate(nb, provider, options.file);
  if (!r.ok) {
    sink({ 'text/markdown': `*Not computed: ${r.reason}.*`, 'text/plain': `Not computed: ${r.reason}.` });
    return;
  }
  sink({ 'text/markdown': r.words, 'text/plain': r.words });
  showWhatIf(whatIf(nb, { rate: r.rateUSDPerHour }), { ...options, sink });
}
