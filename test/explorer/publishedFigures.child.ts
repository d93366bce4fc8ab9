/**
 * Child of publishedFigures.test.ts (heavy synchronous work off the vitest worker): the explorer's
 * figures as its page and worker compute them (computeFigures with data/constants.json as the build
 * writes it, through JSON as the page fetches it; the page's context: pageOptions + withSweepOf) on
 * each bundled dataset, under the page's default scenario and under a changed node rate, printed as
 * JSON: dataset -> scenario -> figure id -> the traces named "published" (x, y, orientation, whiskers).
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { loadDataset } from '../../kernel-lib/data/load.ts';
import { computeFigures, withSweepOf, type FigureConstants } from '../../kernel-lib/explorer/compute.ts';
import { pageOptions } from '../../kernel-lib/explorer/scenario.ts';
import { onWarning } from '../../kernel-lib/warn.ts';
import { DEFAULT_DATASETS, explorerFigureConstants, ROOT } from '../../scripts/explorer/build.ts';

onWarning(null);
const constants = JSON.parse(JSON.stringify(explorerFigureConstants())) as FigureConstants;
const rates = readFileSync(join(ROOT, 'data/reference/node_rates.csv'), 'utf8');
const FIGURES = ['1a', '3', '4', '5', '10'] as const;
const out: Record<string, Record<string, Record<string, unknown[]>>> = {};
for (const dir of DEFAULT_DATASETS) {
  const ds = loadDataset(join(ROOT, dir));
  const id = dir.split('/').pop()!;
  out[id] = {};
  for (const [name, scenario] of [['default', { dataset: dir }], ['rate 30', { dataset: dir, rates: { nodeRateUSDPerHour: 30 } }]] as const) {
    const ctx = withSweepOf(pageOptions(ds, scenario, false), rates);
    out[id][name] = {};
    for (const r of computeFigures(ctx, constants, FIGURES)) {
      if (!('spec' in r)) { out[id][name][r.id] = [`skipped: ${r.skipped}`]; continue; }
      const traces = (r.spec.data as unknown as { name?: string; x: unknown[]; y: unknown[]; orientation?: string; error_y?: unknown }[]).filter((t) => t.name === 'published');
      out[id][name][r.id] = traces.map((t) => ({ x: t.x, y: t.y, orientation: t.orientation ?? 'v', error_y: t.error_y ?? null }));
    }
  }
}
process.stdout.write(JSON.stringify(out));
