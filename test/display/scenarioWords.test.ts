/**
 * One sentence for a non-paper scenario on every surface (issue #22): a notebook's table, the
 * explorer's scenario note and the report's checks name the changed field in the same words,
 * "differs from the paper because you changed weights (employment)", and never call its values "off".
 * The oracle is the literal sentence, written here by hand.
 */
import { expect, test } from 'vitest';
import { SMALL } from '../helpers/dataset.ts';
import { loadDataset } from '../../kernel-lib/data/load.ts';
import { openNotebook, showPaperTable } from '../../kernel-lib/display/notebook.ts';
import { pageOptions } from '../../kernel-lib/explorer/scenario.ts';
import { scenarioNote } from '../../kernel-lib/explorer/compute.ts';
import { paperTables, reproductionChecks } from '../../kernel-lib/report/index.ts';
import { scenarioLineHtml } from '../../kernel-lib/report/pageParts.ts';
import { paperFigures } from '../../kernel-lib/plots/paperFigures.ts';
import { onWarning } from '../../kernel-lib/warn.ts';

const WORDS = 'differs from the paper because you changed weights (employment)';

test('a notebook, the explorer, the report and a figure badge say the same words for employment weights', () => {
  onWarning(null);
  const nb = openNotebook({ data: SMALL, weights: 'employment', draws: 20 }, {});
  const shown: string[] = [];
  showPaperTable(nb, '13', { sink: (b) => { shown.push(String(b['text/plain'] ?? '')); } });
  expect(shown.join('\n')).toContain(`this table ${WORDS}`);
  expect(shown.join('\n')).not.toMatch(/\boff\b/);

  const ds = loadDataset(SMALL);
  expect(scenarioNote(pageOptions(ds, { dataset: SMALL, weights: 'employment' }, false))).toBe(WORDS);

  const { tables } = paperTables(nb.options);
  const rows = reproductionChecks({ ...nb.options, context: nb.options, published: nb.published, tables, reference: nb.reference });
  const t13 = rows.filter((r) => r.table === '13');
  expect(t13.length).toBeGreaterThan(0);
  for (const r of t13) expect([r.status, r.reason]).toEqual(['differs from the paper', WORDS]);
  expect(rows.some((r) => r.status === 'off')).toBe(false);
  expect(scenarioLineHtml(nb.scenario, WORDS)).toContain(`This scenario ${WORDS};`);

  // Table 2 does not depend on the weights: still compared (its status is not "differs")
  expect(rows.filter((r) => r.table === '2').every((r) => r.status !== 'differs from the paper')).toBe(true);
});

test('a figure of the reconstructed dataset is badged "pinned" only under the paper\'s scenario', () => {
  onWarning(null);
  const dataset = loadDataset(new URL('../../data/recorded/joules-to-gdp-reconstructed/', import.meta.url).pathname);
  const badge = (o: object) => {
    const [r] = paperFigures({ dataset, bootstrap: false, figures: ['3'], ...o });
    return JSON.stringify('spec' in r ? r.spec.layout.annotations : r);
  };
  expect(badge({})).toContain('values pinned by published numbers');
  const other = badge({ weights: 'employment' });
  expect(other).not.toContain('pinned');
  expect(other).toContain(WORDS);
});
