/**
 * Explorer speed (issues #12 and #24), in Debian Chromium through playwright-core, on the reconstructed
 * dataset, at 1280x800:
 *   first view from a cold start (a fresh browser context: nothing cached)        target < 1.5 s
 *     every table on screen; and every figure near the window drawn (plotly.js loads after the
 *     tables; a figure further than half a window away is drawn when scrolled near)
 *   after a control change: every table updated                                     target < 100 ms
 *                           every figure redrawn under the new scenario             target < 500 ms
 *                             measured as a reader meets them: after the change the page is
 *                             scrolled to each figure in turn, and the time from the scroll
 *                             until it shows the new scenario is taken (median, worst)
 *                           every figure in the window redrawn (the page scrolled
 *                           to the figures; they are drawn nearest the window first)
 *                           the longest main-thread task (PerformanceObserver
 *                           'longtask', from the change until the pass settles:
 *                           tables, figure specs and figure drawing included)       target < 100 ms
 *                             and during the scroll through the figures, with the plot drawn in     (the worst of
 *                             that task (a figure, or a row of one drawn one plot per row: '9/2'),   the 5 changes)
 *                             and every plot's drawing (Plotly.react: one task each; a plot's first
 *                             draw finds its margins in a task of its own: '9/2 margins'), slowest first
 *   every interval table at 2,000 and 10,000 draws (the worker), frame gaps then
 * Medians of several control changes (weights, policy, reference, node rate). Every number is wall
 * time on this machine as it is: the host's load average and a CPU gauge (hostSpeed.ts) are printed
 * beside them, so that a run on a busy shared host reads as such.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Page } from 'playwright-core';
import { buildExplorer } from '../explorer/build.ts';
import { explorerBrowser, serveStatic } from '../explorer/serve.ts';
import { hostSpeedGauge } from './hostSpeed.ts';

interface Probe {
  ready: boolean; intervalsPending: boolean; figuresPending: boolean; figuresHeld: number; scenarioKey: string; passes: number; errors: string[]; firstRenderMs: number; figuresDrawnMs: number;
  passStartedAt: number; passTablesMs: number; passFiguresMs: number | null; passInViewFiguresMs: number | null; pointTablesMs: number; pointFiguresMs: number; intervalMs: number;
  pointTableMs: Record<string, number>; intervalTableMs: Record<string, number>; maxFrameGapMs: number; longTasks: { start: number; ms: number }[]; figureDrawMs: Record<string, number>; figureDraws: { figure: string; start: number; ms: number; how?: string }[];
}

const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor((xs.length - 1) / 2)];
const ms = (x: number) => `${x.toFixed(0)} ms`;
const verdict = (x: number, target: number) => `${ms(x)}  (target < ${ms(target)}: ${x < target ? 'met' : 'NOT met'})`;

async function settled(page: Page, passes: number): Promise<Probe> {
  await page.waitForFunction((n) => {
    const p = (window as unknown as { __explorer?: Probe }).__explorer;
    return !!p && (p.errors.length > 0 || (p.ready && p.passes >= n && !p.intervalsPending && !p.figuresPending));
  }, passes, { timeout: 180_000 });
  const p = await page.evaluate(() => (window as unknown as { __explorer: Probe }).__explorer);
  if (p.errors.length) throw new Error(p.errors.join('\n'));
  return p;
}

/**
 * Scroll to each figure in turn (paper order) and time, from the scroll, until it shows the pass's
 * scenario and no figure near the window is pending: ms per figure, the longest task meanwhile, and
 * what ran in it: the plot drawn in it (a figure, or a row of one drawn one plot per row: '9/2'), or
 * 'no figure'. Also every plot drawn meanwhile (Plotly.react and the text check: one task each), ms.
 */
async function scrollThroughFigures(page: Page): Promise<{ perFigure: number[]; longest: number; longestIn: string; draws: { figure: string; ms: number }[] }> {
  return page.evaluate(async () => {
    const probe = (window as unknown as { __explorer: Probe }).__explorer;
    const key = probe.scenarioKey;
    const from = performance.now();
    const perFigure: number[] = [];
    for (const sec of document.querySelectorAll<HTMLElement>('section.figure')) {
      const t = performance.now();
      sec.scrollIntoView({ block: 'center' });
      while ((sec.dataset.scenario !== key || probe.figuresPending) && performance.now() - t < 60_000) await new Promise((r) => requestAnimationFrame(r));
      perFigure.push(sec.dataset.scenario === key ? performance.now() - t : NaN);
    }
    window.scrollTo(0, 0);
    const tasks = probe.longTasks.filter((x) => x.start >= from);
    const top = tasks.reduce<{ start: number; ms: number } | null>((a, b) => (!a || b.ms > a.ms ? b : a), null);
    // a first draw's margins (drawPart's skeleton) is a task of its own: named 'margins'
    const draws = probe.figureDraws.filter((d) => d.start >= from).map((d) => ({ ...d, figure: d.how === 'margins' || d.how === 'labels' ? `${d.figure} ${d.how}` : d.figure }));
    // the plot drawn inside the longest task (a drawing starts after its task does and ends before it ends)
    const inTop = top ? draws.filter((d) => d.start >= top.start - 1 && d.start + d.ms <= top.start + top.ms + 1) : [];
    return { perFigure, longest: top?.ms ?? 0, longestIn: inTop.length ? inTop.map((d) => d.figure).join('+') : 'no figure', draws: draws.map((d) => ({ figure: d.figure, ms: d.ms })) };
  });
}

/** The longest task that started at or after `from` (ms on the page's clock), 0 when none was over 50 ms. */
const longestSince = (p: Probe, from: number) => Math.max(0, ...p.longTasks.filter((t) => t.start >= from - 1).map((t) => t.ms));

export async function benchExplorer(): Promise<Record<string, string>> {
  const work = mkdtempSync(join(tmpdir(), 'j2g-bench-explorer-'));
  const { out, bytes } = await buildExplorer({ out: join(work, 'explorer') });
  const server = await serveStatic(out);
  const browser = await explorerBrowser(server.url);
  const loadBefore = loadavg()[0];
  const gauge = hostSpeedGauge(7);
  try {
    const cold: number[] = [], coldFigures: number[] = [], coldLongest: number[] = [];
    for (let i = 0; i < 3; i++) {
      const ctx = await browser.context.browser()!.newContext({ viewport: { width: 1280, height: 800 } });
      const page = await ctx.newPage();
      await page.goto(server.url);
      await page.waitForFunction(() => (window as unknown as { __explorer?: Probe }).__explorer?.figuresDrawnMs, null, { timeout: 180_000 });
      const p = await settled(page, 1);
      cold.push(p.firstRenderMs);
      coldFigures.push(p.figuresDrawnMs);
      coldLongest.push(longestSince(p, 0));
      await ctx.close();
    }
    const page = await browser.context.newPage();
    await page.setViewportSize({ width: 1280, height: 800 });
    await page.goto(server.url);
    await settled(page, 1);
    const changes: [string, string][] = [['#c-weights', 'employment'], ['#c-policy', 'pass@2'], ['#c-judgmentReference', 'expert_with_ai'], ['#c-weights', 'equal'], ['#c-policy', 'pass@1']];
    const tables: number[] = [], figures: number[] = [], scrollLongest: number[] = [], scrollLongestIn: string[] = [], drawMs = new Map<string, number[]>(), longest: number[] = [], gaps: number[] = [], specs: number[] = [], interval: number[] = [], intervalMax: number[] = [];
    let passes = 1;
    for (const [sel, value] of changes) {
      await page.selectOption(sel, value);
      const p = await settled(page, ++passes);
      tables.push(p.passTablesMs);
      longest.push(longestSince(p, p.passStartedAt));
      const scrolled = await scrollThroughFigures(page);
      figures.push(...scrolled.perFigure);
      scrollLongest.push(scrolled.longest);
      scrollLongestIn.push(`${ms(scrolled.longest)} ${scrolled.longestIn}`);
      for (const d of scrolled.draws) drawMs.set(d.figure, [...(drawMs.get(d.figure) ?? []), d.ms]);
      await settled(page, passes);
      gaps.push(p.maxFrameGapMs);
      specs.push(p.pointFiguresMs);
      interval.push(p.intervalMs);
      intervalMax.push(Math.max(...Object.values(p.intervalTableMs)));
    }
    // the reader looking at the figures: those in the window are redrawn first
    await page.evaluate(() => document.getElementById('fig-3')!.scrollIntoView());
    const inView: number[] = [];
    for (const [sel, value] of [['#c-weights', 'employment'], ['#c-policy', 'pass@2'], ['#c-weights', 'gdp']] as const) {
      await page.selectOption(sel, value);
      const p = await settled(page, ++passes);
      inView.push(p.passInViewFiguresMs ?? NaN);
    }
    await page.evaluate(() => window.scrollTo(0, 0));
    await page.fill('#c-rate', '30');
    await page.dispatchEvent('#c-rate', 'change');
    await settled(page, ++passes);
    await page.click('#c-full');
    const full = await settled(page, ++passes);
    const slowest = (r: Record<string, number>) => Object.entries(r).sort((a, b) => b[1] - a[1])[0];
    const [t10, v10] = slowest(full.intervalTableMs);
    // every plot's drawing task in the last pass (a figure drawn one plot per row is several tasks)
    const draws = full.figureDraws.filter((d) => d.start >= full.passStartedAt).map((d) => ({ ...d, figure: d.how === 'margins' || d.how === 'labels' ? `${d.figure} ${d.how}` : d.figure })).sort((a, b) => b.ms - a.ms);
    return {
      'host: load average (1 min) before, and after': `${loadBefore.toFixed(1)}, ${loadavg()[0].toFixed(1)} on ${(await import('node:os')).cpus().length} cores`,
      'host: CPU gauge (hostSpeed.ts; about 50 ms on a quiet 2-core machine)': `median ${gauge.median_ms} ms, fastest ${gauge.fastest_ms} ms`,
      'plotly.js the page loads (bytes)': `${(bytes['plotly.js'] / 1e6).toFixed(2)} MB`,
      'first view, cold: every table on screen (median of 3)': verdict(median(cold), 1500),
      'first view, cold: every figure near the window drawn too (median of 3; the rest wait until scrolled near)': verdict(median(coldFigures), 1500),
      'first view, cold: longest main-thread task (plotly.js parse included)': ms(median(coldLongest)),
      'control change: every table updated (median of 5)': verdict(median(tables), 100),
      'control change, then each figure scrolled to: from the scroll until it shows the new scenario (median of 5 x 12; worst)': `${verdict(median(figures), 500)}; worst ${ms(Math.max(...figures))}`,
      'control change, then the scroll through the figures: longest main-thread task (median of 5; the worst, against the target)': `median ${ms(median(scrollLongest))}; worst ${verdict(Math.max(...scrollLongest), 100)}`,
      'control change, then the scroll: the longest task of each of the 5 scrolls, and the plot drawn in it': scrollLongestIn.join('; '),
      'control change, then the scroll: each plot drawn (one task each; median over the 5 scrolls, worst), slowest first': [...drawMs].map(([f, xs]) => [f, median(xs), Math.max(...xs)] as const).sort((a, b) => b[1] - a[1]).map(([f, m, w]) => `${f} ${m.toFixed(0)}/${w.toFixed(0)}`).join(', ') + ' ms',
      'control change, page scrolled to the figures: every figure in the window redrawn (median of 3)': verdict(median(inView), 500),
      'control change: longest main-thread task (median of 5; the worst, against the target)': `median ${ms(median(longest))}; worst ${verdict(Math.max(...longest), 100)}`,
      'control change: longest frame gap (median of 5)': ms(median(gaps)),
      'control change: figure specs built on the page, all figures (median)': ms(median(specs)),
      'figure drawing in the last pass (10,000 draws, page at the top: figures near the window only; one task each), slowest three': draws.slice(0, 3).map((d) => `${d.figure} ${ms(d.ms)}`).join(', ') || 'none drawn',
      'interval tables at 2,000 draws, slowest table (median; worker)': ms(median(intervalMax)),
      'interval pass at 2,000 draws, all tables and figures (median; worker)': ms(median(interval)),
      'interval tables at 10,000 draws, slowest table': `${ms(v10)} (${t10})`,
      'interval pass at 10,000 draws, and the longest frame gap then': `${ms(full.intervalMs)}, ${ms(full.maxFrameGapMs)}`,
    };
  } finally {
    await browser.close();
    await server.close();
    rmSync(work, { recursive: true, force: true });
  }
}
