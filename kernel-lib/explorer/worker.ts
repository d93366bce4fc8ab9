/**
 * The explorer's interval worker: every table and figure with its bootstrap intervals (task-composition
 * bootstrap, Appendix K.1) at the requested draws, off the page's thread, one table at a time so the
 * page can show progress; and the QAIJ table when the page asks for it. The dataset arrives once as file texts and is checked by datasetFromTexts.
 */
import { datasetFromTexts, type Dataset } from '../data/load.ts';
import { onWarning } from '../warn.ts';
import { computeFigures, computeQaijTable, computeTable, explorerTableNames, withSweepOf, type FigureConstants } from './compute.ts';
import type { FromWorker, ToWorker } from './protocol.ts';
import { pageOptions, pageResolved } from './scenario.ts';
import { compareScenarios } from '../scenario/compare.ts';
import { UnsupportedOutputError } from '../errors.ts';

onWarning(null); // the page shows the warnings of its own (point) pass

let dataset: Dataset | null = null;
let nodeRates: string | null = null;
let constants: FigureConstants | null = null;
const post = (m: FromWorker) => (self as unknown as Worker).postMessage(m);

self.onmessage = (e: MessageEvent<ToWorker>) => {
  const m = e.data;
  if (m.type === 'load') {
    dataset = datasetFromTexts(m.name, m.texts);
    nodeRates = m.nodeRates;
    constants = m.constants;
    return;
  }
  if (m.type === 'qaij') {
    const t0 = performance.now();
    try {
      if (!dataset) throw new Error('no dataset loaded');
      const result = computeQaijTable(dataset, pageResolved(dataset, { ...m.scenario, draws: m.draws }));
      post({ type: 'qaij', id: m.id, result, ms: performance.now() - t0 });
    } catch (err) {
      post({ type: 'qaij-error', id: m.id, message: (err as Error).message });
    }
    return;
  }
  const t0 = performance.now();
  try {
    if (!dataset) throw new Error('no dataset loaded');
    // one context for the pass: its memo serves every table and figure
    const options = withSweepOf(pageOptions(dataset, m.scenario, m.draws), nodeRates);
    const names = explorerTableNames(options);
    names.forEach((name, i) => post({ type: 'table', id: m.id, result: computeTable(name, options), done: i + 1, total: names.length + 1 }));
    post({ type: 'figures', id: m.id, figures: computeFigures(options, constants) });
    const ms = performance.now() - t0;
    if (m.baseline) {
      // the scenario issue's compare: every cell's difference, paired intervals on the same resampled
      // tasks, and the conclusions that change
      const t1 = performance.now();
      try {
        const side = (s: typeof m.scenario) => ({ scenario: pageResolved(dataset!, { ...s, draws: m.draws }), options: pageOptions(dataset!, s, m.draws) });
        post({ type: 'comparison', id: m.id, comparison: compareScenarios(side(m.baseline), side(m.scenario), { draws: m.draws }), ms: performance.now() - t1 });
      } catch (err) {
        if (!(err instanceof UnsupportedOutputError)) throw err;
        post({ type: 'error', id: m.id, message: `compare with the baseline: ${err.message}` });
      }
    }
    post({ type: 'done', id: m.id, ms, draws: m.draws });
  } catch (err) {
    post({ type: 'error', id: m.id, message: (err as Error).message });
  }
};
