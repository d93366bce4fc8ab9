/**
 * Explorer speed (issue #12), in Debian Chromium through playwright-core, on the reconstructed dataset:
 *   first render from a cold start (a fresh browser context: nothing cached)       target < 2 s
 *     (tables, controls and provenance on screen; the figures follow when plotly.js has loaded)
 *   every point-estimate table after a control change (slowest table, and all)    target < 50 ms
 *   every interval table at 2,000 draws (slowest table; the pass in the worker)    target < 300 ms
 *   every interval table at 10,000 draws, and the page's longest frame gap then    target < 1.5 s, no freeze
 * Medians of several control changes (weights, policy, node rate, reference).
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Page } from 'playwright-core';
import { buildExplorer } from '../explorer/build.ts';
import { explorerBrowser, serveStatic } from '../explorer/serve.ts';

interface Probe {
  ready: boolean; intervalsPending: boolean; figuresPending: boolean; passes: number; errors: string[]; firstRenderMs: number; figuresDrawnMs: number;
  pointTablesMs: number; pointFiguresMs: number; intervalMs: number; pointTableMs: Record<string, number>; intervalTableMs: Record<string, number>; maxFrameGapMs: number;
}

const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor((xs.length - 1) / 2)];
const ms = (x: number) => `${x.toFixed(0)} ms`;

async function settled(page: Page, passes: number): Promise<Probe> {
  await page.waitForFunction((n) => {
    const p = (window as unknown as { __explorer?: Probe }).__explorer;
    return !!p && (p.errors.length > 0 || (p.ready && p.passes >= n && !p.intervalsPending && !p.figuresPending));
  }, passes, { timeout: 120_000 });
  const p = await page.evaluate(() => (window as unknown as { __explorer: Probe }).__explorer);
  if (p.errors.length) throw new Error(p.errors.join('\n'));
  return p;
}

export async function benchExplorer(): Promise<Record<string, string>> {
  const work = mkdtempSync(join(tmpdir(), 'j2g-bench-explorer-'));
  const { out } = await buildExplorer({ out: join(work, 'explorer') });
  const server = await serveStatic(out);
  const browser = await explorerBrowser(server.url);
  try {
    const cold: number[] = [], coldFigures: number[] = [];
    for (let i = 0; i < 3; i++) {
      const ctx = await browser.context.browser()!.newContext({ viewport: { width: 1400, height: 1000 } });
      const page = await ctx.newPage();
      await page.goto(server.url);
      await page.waitForFunction(() => (window as unknown as { __explorer?: Probe }).__explorer?.figuresDrawnMs, null, { timeout: 120_000 });
      const p = await settled(page, 1);
      cold.push(p.firstRenderMs);
      coldFigures.push(p.figuresDrawnMs);
      await ctx.close();
    }
    const page = await browser.context.newPage();
    await page.goto(server.url);
    await settled(page, 1);
    const changes: [string, string][] = [['#c-weights', 'employment'], ['#c-policy', 'pass@2'], ['#c-judgmentReference', 'expert_with_ai'], ['#c-weights', 'equal'], ['#c-policy', 'pass@1']];
    const point: number[] = [], pointMax: number[] = [], figures: number[] = [], interval: number[] = [], intervalMax: number[] = [];
    let passes = 1;
    for (const [sel, value] of changes) {
      await page.selectOption(sel, value);
      const p = await settled(page, ++passes);
      point.push(p.pointTablesMs);
      pointMax.push(Math.max(...Object.values(p.pointTableMs)));
      figures.push(p.pointFiguresMs);
      interval.push(p.intervalMs);
      intervalMax.push(Math.max(...Object.values(p.intervalTableMs)));
    }
    await page.fill('#c-rate', '30');
    await page.dispatchEvent('#c-rate', 'change');
    await settled(page, ++passes);
    await page.click('#c-full');
    const full = await settled(page, ++passes);
    const slowest = (r: Record<string, number>) => Object.entries(r).sort((a, b) => b[1] - a[1])[0];
    const [t2, v2] = slowest(full.pointTableMs);
    const [t10, v10] = slowest(full.intervalTableMs);
    return {
      'first render, cold: every table on screen, from navigation start (median of 3; target < 2 s)': ms(median(cold)),
      'cold start to every figure drawn (plotly.js loads after the tables)': ms(median(coldFigures)),
      'point tables after a change, slowest table (median; target < 50 ms)': ms(median(pointMax)),
      'point tables after a change, all tables': ms(median(point)),
      'point figures after a change, all figures (specs, before drawing)': ms(median(figures)),
      'interval tables at 2,000 draws, slowest table (median; target < 300 ms)': ms(median(intervalMax)),
      'interval pass at 2,000 draws, all tables and figures (worker)': ms(median(interval)),
      'interval tables at 10,000 draws, slowest table (target < 1.5 s)': `${ms(v10)} (${t10})`,
      'interval pass at 10,000 draws, all tables and figures (worker)': ms(full.intervalMs),
      'longest frame gap on the page during the 10,000-draw pass': ms(full.maxFrameGapMs),
      'slowest point table in the last pass': `${ms(v2)} (${t2})`,
    };
  } finally {
    await browser.close();
    await server.close();
    rmSync(work, { recursive: true, force: true });
  }
}
