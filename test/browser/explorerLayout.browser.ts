/**
 * What a reader sees in the explorer (issue #24), in headless Debian Chromium at 1280x800, 1920x1080
 * and 400x850:
 *   - no two figures' boxes overlap, nothing outside a figure's or table's own scroll box is wider
 *     than the window (no sideways page scroll), every figure's text lies inside its drawing, and
 *     the sticky header leaves most of a narrow window to the page;
 *   - after a control change every figure either shows the new scenario or carries its "updating"
 *     mark, sampled on every animation frame until all of them show it;
 *   - a bad file chosen while the page is scrolled: its message is in view, not under the header;
 *   - a link to a dataset the page does not bundle says so; systems left out of Table 1 under pass@2
 *     are named beside Table 1; headers are words with units and Table 1's GLM row reads as the paper
 *     prints it (data/published/table01.csv `printed`, the oracle);
 *   - Figure 9 drawn as one plot per row of panels (sectors, categories, occupations; one task each):
 *     the plots stack inside the figure without overlapping, between its badge and its caption, and
 *     their bars are the weights computed here from the dataset's CSVs (the oracle), before and after
 *     a weights change;
 *   - a pinned baseline: Table 1 stays near the top (the comparison is folded), changed cells carry
 *     "baseline → now" and a count per table, rows with no difference fold behind their count, and a
 *     reload keeps the baseline.
 * The tests run side by side, each in a page of its own (at most three at a time: the config's
 * maxConcurrency), on one browser: on a shared 2-core host the file took 157-174 s one after another.
 * Screenshots of the three widths and of one figure go to out/screenshots/; with J2G_PICTURES=1 to
 * docs/img/, the README's pictures (so that an ordinary run leaves the checkout unchanged).
 */
import { cpSync, mkdirSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { findChromium, INSTALL_CHROMIUM_HINT } from '../../kernel-lib/export/index.ts';
import { parseCsv } from '../../kernel-lib/io/csv.ts';
import { ROOT } from '../../scripts/explorer/build.ts';
import { drawEveryFigure, openExplorer, type ExplorerSession } from '../helpers/explorerSession.ts';

const chromium = findChromium();
if (!chromium && process.env.CI) throw new Error(`the explorer layout test needs: ${INSTALL_CHROMIUM_HINT}`);
if (!chromium) console.warn(`skipping the explorer layout test: ${INSTALL_CHROMIUM_HINT}`);

const IMG = process.env.J2G_PICTURES === '1' ? join(ROOT, 'docs', 'img') : join(ROOT, 'out', 'screenshots');
const SIZES = [[1280, 800], [1920, 1080], [400, 850]] as const;

interface Probe { ready: boolean; intervalsPending: boolean; figuresPending: boolean; passes: number; scenarioKey: string; errors: string[] }

/** Wait until the page has drawn every figure and its interval pass has finished (`passes` passes at least). */
async function settled(page: Page, passes = 1): Promise<Probe> {
  await page.waitForFunction((n) => {
    const p = (window as unknown as { __explorer?: Probe }).__explorer;
    return !!p && (p.errors.length > 0 || (p.ready && p.passes >= n && !p.intervalsPending && !p.figuresPending));
  }, passes, { timeout: 120_000 });
  return page.evaluate(() => (window as unknown as { __explorer: Probe }).__explorer);
}

/** The settings, folded by default (a short sticky header), opened as a reader does to change a control. */
const openSettings = (page: Page) => page.evaluate(() => { (document.getElementById('settings') as HTMLDetailsElement).open = true; });

/** Wait, without scrolling, until every figure shows the scenario on show (those far from the window drawn in idle time: what a full-page capture or a print shows). */
const everyFigureDrawnInPlace = (page: Page) => page.waitForFunction(() => {
  const p = (window as unknown as { __explorer: Probe }).__explorer;
  return [...document.querySelectorAll<HTMLElement>('section.figure')].every((f) => f.dataset.scenario === p.scenarioKey && !f.classList.contains('updating'));
}, undefined, { timeout: 120_000, polling: 250 });

/** The layout facts the checks read, measured in the page. */
const layoutFacts = (page: Page) => page.evaluate(() => {
  const vw = document.documentElement.clientWidth;
  const box = (e: Element) => { const r = e.getBoundingClientRect(); return { left: r.left, right: r.right, top: r.top + scrollY, bottom: r.bottom + scrollY, width: r.width, height: r.height }; };
  // an element inside a box that scrolls sideways on its own (a figure's plot, a wide table) may be wider
  // (plotly.js measures text in an svg of its own placed far off screen, #js-plotly-tester: not page content)
  const wide = [...document.querySelectorAll('body *')].filter((e) => !e.closest('.plot, section.table, #compare, #js-plotly-tester') && e.getBoundingClientRect().width > 0
    && (e.getBoundingClientRect().right > vw + 0.5 || e.getBoundingClientRect().left < -0.5)).map((e) => `${e.tagName.toLowerCase()}#${e.id}.${e.getAttribute('class') ?? ''}`);
  const figures = [...document.querySelectorAll<HTMLElement>('section.figure')].filter((s) => s.offsetParent !== null).map((s) => ({ id: s.id, ...box(s) }));
  const textOutside: string[] = [];
  // a figure drawn one plot per row of panels (Figure 9): each plot's text inside its own drawing
  for (const plot of document.querySelectorAll<HTMLElement>('section.figure .plot')) {
    const svg = plot.querySelector('.main-svg');
    if (!svg || plot.hidden) continue;
    const d = svg.getBoundingClientRect();
    for (const t of plot.querySelectorAll('svg text')) {
      const r = t.getBoundingClientRect();
      if (r.width === 0 || !(t.textContent ?? '').trim()) continue;
      if (r.left < d.left - 1 || r.right > d.right + 1 || r.top < d.top - 1 || r.bottom > d.bottom + 1) textOutside.push(`${plot.closest('section')!.id}${plot.dataset.part ? `/${plot.dataset.part}` : ''}: "${t.textContent}" at ${Math.round(r.left - d.left)}..${Math.round(r.right - d.left)} of ${Math.round(d.width)} px`);
    }
  }
  const plots = [...document.querySelectorAll<HTMLElement>('section.figure .plot')].filter((p) => !p.hidden).map((p) => box(p).right);
  // a drawing wider than its figure's box (it would scroll sideways inside it, showing part of the figure)
  const sideways = [...document.querySelectorAll<HTMLElement>('section.figure .plot')].filter((p) => !p.hidden && p.querySelector('.main-svg'))
    .map((p) => ({ id: `${p.closest('section')!.id}${p.dataset.part ? `/${p.dataset.part}` : ''}`, drawn: Math.round(p.querySelector('.main-svg')!.getBoundingClientRect().width), box: Math.round(p.clientWidth) }))
    .filter((x) => x.drawn > x.box + 1).map((x) => `${x.id}: drawn ${x.drawn} px in a ${x.box}-px box`);
  return { vw, vh: innerHeight, scrollWidth: document.documentElement.scrollWidth, wide, figures, textOutside, sideways, plotsRight: Math.max(...plots), header: document.querySelector('header')!.getBoundingClientRect().height };
});

function overlaps(a: { left: number; right: number; top: number; bottom: number }, b: typeof a): boolean {
  return a.left < b.right - 0.5 && b.left < a.right - 0.5 && a.top < b.bottom - 0.5 && b.top < a.bottom - 0.5;
}

/**
 * Scroll to each of the figures `ids` in turn and wait until it shows the scenario on show. Scrolled
 * to again while it waits, as a reader would: the figures drawn above it as the page scrolled past
 * them grow from their placeholders and push it out of the window again.
 */
async function drawFigures(page: Page, ids: string[]): Promise<void> {
  for (const id of ids) {
    await page.waitForFunction((i) => {
      const p = (window as unknown as { __explorer: Probe }).__explorer;
      const sec = document.getElementById(i)!;
      if (sec.dataset.scenario === p.scenarioKey && !p.figuresPending) return true;
      const r = sec.getBoundingClientRect();
      if (r.bottom < 0 || r.top > innerHeight) sec.scrollIntoView({ block: 'center' });
      return false;
    }, id, { timeout: 120_000, polling: 250 });
  }
}

describe.skipIf(!chromium)('the explorer as a reader sees it', () => {
  let server: ExplorerSession['server'];
  let browser: ExplorerSession['browser'];
  let work: string;
  const consoleErrors: string[] = [];

  beforeAll(async () => {
    ({ work, server, browser } = await openExplorer('j2g-explorer-layout-', consoleErrors));
    mkdirSync(IMG, { recursive: true });
  });

  afterAll(async () => {
    await browser?.close();
    await server?.close();
  });

  /** A dataset with a bad cell (runs.csv line 3: ai_hours -0.25), as files. */
  function badDataset(): string[] {
    const bad = join(work, 'bad');
    cpSync(join(ROOT, 'data/recorded/synthetic-small'), bad, { recursive: true });
    const runs = readFileSync(join(bad, 'runs.csv'), 'utf8').split('\n');
    runs[2] = runs[2].replace(/^([^,]*,[^,]*,[^,]*,[^,]*,)[^,]*/, '$1-0.25');
    writeFileSync(join(bad, 'runs.csv'), runs.join('\n'));
    return readdirSync(bad).map((f) => join(bad, f));
  }

  /** The message list is on screen, not under the sticky header or outside the window. */
  async function messageInView(page: Page): Promise<void> {
    await page.waitForSelector('#load-errors li');
    const seen = await page.evaluate(() => {
      const li = document.querySelector('#load-errors li')!;
      const r = li.getBoundingClientRect();
      const hit = document.elementFromPoint(r.left + Math.min(20, r.width / 2), r.top + r.height / 2);
      return { top: r.top, bottom: r.bottom, vh: innerHeight, scrollY, onTop: !!hit && (hit === li || li.contains(hit)), text: li.textContent };
    });
    expect(seen.scrollY, 'the page was scrolled').toBeGreaterThan(1000);
    expect(seen.text).toBe('runs.csv:3: ai_hours: expected a finite number >= 0, found -0.25');
    expect(seen.top).toBeGreaterThanOrEqual(0);
    expect(seen.bottom).toBeLessThanOrEqual(seen.vh);
    expect(seen.onTop, 'nothing covers the message').toBe(true);
  }

  /** Headers in words with units, and Table 1 at the paper's printed precision. */
  async function headersAndPrecision(page: Page): Promise<void> {
    const heads = await page.$$eval('table[data-table="table01"] th', (th) => th.map((t) => [t.getAttribute('title'), t.textContent]));
    expect(heads).toContainEqual(['nvj', 'NVJ (USD/MJ)']);
    expect(heads).toContainEqual(['nv_per_ai_usd', 'Net value per AI dollar (USD/USD)']);
    expect(heads.every(([, t]) => !/_/.test(t ?? ''))).toBe(true);
    // the paper's Table 1 GLM 5.2 row as printed (1.92, 22.7, 0.430, 37.69, 191.3, 168.1)
    const printed = parseCsv(readFileSync(join(ROOT, 'data/published/table01.csv'), 'utf8'), 'table01.csv').rows
      .filter((r) => r.values.row === 'GLM 5.2').map((r) => r.values.printed);
    const glm = await page.$$eval('table[data-table="table01"] tbody tr', (trs) => {
      const tr = trs.find((t) => t.querySelector('td')?.textContent?.startsWith('glm'))!;
      return [...tr.querySelectorAll('td.num')].map((td) => td.textContent);
    });
    expect(new Set(glm)).toEqual(new Set(printed));
    // the two file pickers and the weights picker say what each is for
    const pickers = await page.$$eval('label.file-button', (ls) => ls.map((l) => l.textContent?.trim()));
    expect(new Set(pickers).size).toBe(pickers.length);
  }

  /**
   * A control change (policy pass@2) on a settled page at 1280x800: every figure shows the new scenario
   * or carries its "updating" mark, sampled on every animation frame until all of them show it; each
   * figure is drawn again; the systems pass@2 leaves out of Table 1 are named beside it.
   */
  async function controlChangeMarksEveryFigure(page: Page): Promise<void> {
    const before = await page.$$eval('section.figure .plot', (ps) => ps.map((p) => Number((p as HTMLElement).dataset.renders ?? 0)));
    const samples = await page.evaluate(() => new Promise<{ frames: number; violations: string[]; key: string; drawnAt: number[] }>((resolve) => {
      const probe = (window as unknown as { __explorer: Probe }).__explorer;
      const figures = [...document.querySelectorAll<HTMLElement>('section.figure')];
      const violations: string[] = [];
      let frames = 0;
      const s = document.querySelector<HTMLSelectElement>('#c-policy')!;
      s.value = 'pass@2';
      s.dispatchEvent(new Event('change'));
      const key = probe.scenarioKey;
      const check = () => {
        frames++;
        let all = true;
        for (const f of figures) {
          const shows = f.dataset.scenario === key;
          const mark = f.querySelector<HTMLElement>('.updating-mark')!;
          const marked = !mark.hidden && mark.getBoundingClientRect().height > 0 && f.classList.contains('updating');
          if (!shows && !marked && violations.length < 20) violations.push(`frame ${frames}: ${f.id} shows "${f.dataset.scenario}" without its updating mark`);
          if (shows && !mark.hidden) violations.push(`frame ${frames}: ${f.id} shows the new scenario and is still marked updating`);
          all &&= shows;
        }
        if (all && !probe.figuresPending) resolve({ frames, violations, key, drawnAt: [] });
        else {
          // the figures near the window are drawn; the reader scrolls on to the next one not redrawn
          if (!probe.figuresPending) figures.find((f) => f.dataset.scenario !== key)?.scrollIntoView({ block: 'center' });
          requestAnimationFrame(check);
        }
      };
      setTimeout(() => resolve({ frames, violations: [...violations, 'the figures did not all show the new scenario within 100 s'], key, drawnAt: [] }), 100_000);
      check(); // the first sample is taken in the change's own task, before any figure could be redrawn
    }));
    expect(samples.key).toContain('policy=pass%402');
    expect(samples.violations).toEqual([]);
    expect(samples.frames).toBeGreaterThan(1);
    // and each figure drawn was drawn again (not only relabelled)
    const after = await page.$$eval('section.figure', (ss) => ss.map((s) => ({ id: s.id, hidden: (s.querySelector('.plot') as HTMLElement).hidden, renders: Number((s.querySelector('.plot') as HTMLElement).dataset.renders ?? 0) })));
    after.forEach((a, i) => { if (!a.hidden) expect(a.renders, a.id).toBeGreaterThan(before[i]); });

    // pass@2: the systems with one attempt per task are named beside Table 1, not only under Warnings
    await settled(page, 2);
    const notes = await page.$$eval('#sec-table01 .table-notes li', (l) => l.map((x) => x.textContent ?? ''));
    const rows = await page.$$eval('table[data-table="table01"] tbody tr td[data-col="system"]', (t) => t.map((x) => x.textContent ?? ''));
    const systems = parseCsv(readFileSync(join(ROOT, 'data/recorded/joules-to-gdp-reconstructed/systems.csv'), 'utf8'), 'systems.csv').rows.map((r) => r.values.system);
    const missing = systems.filter((s) => !rows.includes(s));
    expect(missing.length).toBe(8);
    expect(notes.length).toBe(missing.length);
    for (const s of missing) expect(notes.some((n) => n.includes(s) && n.includes('left out of Table 1')), s).toBe(true);
    expect(await page.isVisible('#sec-table01 .table-notes')).toBe(true);
    expect(consoleErrors).toEqual([]);
  }

  for (const [w, h] of SIZES) {
    it.concurrent(`${w}x${h}: figures do not overlap, nothing is wider than the window, figure text stays inside each figure${w === 1280 ? '; headers in words, Table 1 as the paper prints it; then a control change: every figure shows the new scenario or carries its updating mark, on every frame until all show it' : ''}${w === 400 ? '; a bad file\'s message in view' : ''}`, async () => {
      const page = await browser.context.newPage();
      await page.setViewportSize({ width: w, height: h });
      await page.goto(server.url);
      const p = await settled(page);
      expect(p.errors).toEqual([]);
      // the header folded: at most about 15% of the window (it took 268-297 px of 800)
      // (at 400 px its badges wrap onto a second line: a fifth of the window)
      expect(await page.$eval('header', (e) => e.getBoundingClientRect().height), 'the sticky header is short').toBeLessThanOrEqual((w === 400 ? 0.2 : 0.15) * h);
      // every figure drawn without scrolling to it (what a full-page capture or a print shows)
      if (w === 1920) await everyFigureDrawnInPlace(page);
      await drawEveryFigure(page); // a figure is drawn when it comes near the window
      const f = await layoutFacts(page);
      expect(f.scrollWidth, 'the page does not scroll sideways').toBeLessThanOrEqual(w);
      expect(f.wide).toEqual([]);
      expect(f.plotsRight, 'every figure box ends inside the window').toBeLessThanOrEqual(w + 0.5);
      expect(f.figures.length).toBeGreaterThanOrEqual(12);
      for (let i = 0; i < f.figures.length; i++) for (let j = i + 1; j < f.figures.length; j++) {
        expect(overlaps(f.figures[i], f.figures[j]), `${f.figures[i].id} and ${f.figures[j].id}`).toBe(false);
      }
      expect(f.textOutside).toEqual([]);
      expect(f.sideways, 'no figure is drawn wider than its box (panels stacked in a narrow column)').toEqual([]);
      expect(f.header, 'the sticky header leaves the page most of the window').toBeLessThan(0.4 * h);
      // the top of the page at 1280 and 400; the figures at 1920 (the sizes where they used to overlap)
      if (w === 1920) await page.evaluate(() => window.scrollTo(0, document.getElementById('figures')!.getBoundingClientRect().top + scrollY - 250));
      await page.screenshot({ path: join(IMG, `explorer-${w}.png`), type: 'png' });
      if (w === 1280) {
        await openSettings(page);
        await headersAndPrecision(page);
        // the figure alone: the sticky header out of the way for the picture
        await page.evaluate(() => { document.querySelector('header')!.style.position = 'static'; });
        await page.locator('#fig-4').screenshot({ path: join(IMG, 'explorer-figure-4.png') });
        await page.evaluate(() => { document.querySelector('header')!.style.position = ''; });
        // the same settled page serves the control-change check (one cold load fewer)
        await controlChangeMarksEveryFigure(page);
        // redrawn under pass@2, with the margins recorded at each figure's first draw where they fit: text still inside
        expect((await layoutFacts(page)).textOutside).toEqual([]);
        const margins = await page.$$eval('section.figure .plot', (ps) => ps.filter((p) => !(p as HTMLElement).hidden).map((p) => (p as HTMLElement).dataset.margins));
        expect(margins.filter((m) => m === 'recorded').length, margins.join(' ')).toBeGreaterThanOrEqual(8);
      }
      if (w === 400) {
        // a bad file chosen while scrolled far down: its message is in view
        await page.evaluate(() => window.scrollTo(0, 4000));
        await page.setInputFiles('#files', badDataset());
        await messageInView(page);
      }
      await page.close();
    });
  }

  it.concurrent('figures redrawn with the margins recorded at their first draw; a dataset with longer labels falls back to automargin, and its text stays inside each figure', async () => {
    const page = await browser.context.newPage();
    await page.setViewportSize({ width: 1280, height: 800 });
    await page.goto(server.url);
    await settled(page);
    await openSettings(page);
    await page.selectOption('#c-dataset', 'data/recorded/synthetic-small');
    await settled(page, 2);
    // the figures whose category names label an axis: at their first draw, margins found by automargin
    // on the plot's skeleton (drawPart), recorded, and the whole plot drawn with them: its labels fit
    const ranked = ['fig-1c', 'fig-3', 'fig-9'];
    await drawFigures(page, ranked);
    const state = () => page.evaluate((ids) => ({
      fallbacks: (window as unknown as { __explorer: { marginFallbacks: number } }).__explorer.marginFallbacks,
      margins: ids.map((id) => document.querySelector<HTMLElement>(`#${id} .plot`)!.dataset.margins),
    }), ranked);
    // (a figure drawn in idle time before it was scrolled to, then again by the interval pass, shows 'recorded': the margins of its first draw reused)
    const first = await state();
    expect(first.fallbacks).toBe(0);
    for (const m of first.margins) expect(['skeleton', 'recorded']).toContain(m);
    // the same dataset with category names seven times as long: the recorded margins cannot hold them
    const long = join(work, 'long-labels');
    cpSync(join(ROOT, 'data/recorded/synthetic-small'), long, { recursive: true });
    const occupations = readFileSync(join(long, 'occupations.csv'), 'utf8');
    writeFileSync(join(long, 'occupations.csv'), occupations.replace(/\bCat1\b/g, 'Occupations of category one').replace(/\bCat2\b/g, 'Occupations of category two'));
    await page.setInputFiles('#files', readdirSync(long).map((f) => join(long, f)));
    await settled(page, 3);
    await drawFigures(page, ranked);
    // the category rankings cannot hold the long names in their recorded margins (Figure 9 names
    // categories too, beside its own legend: it may or may not); drawn again with automargin, text inside
    // (drawn in idle time before they are scrolled to, they may have found their margins on a skeleton of the
    // new labels first: 'skeleton' or 'recorded'; drawn first with the old recorded margins: 'fallback')
    const after = await state();
    for (const m of after.margins) expect(['fallback', 'skeleton', 'recorded']).toContain(m);
    const f = await layoutFacts(page);
    expect(f.textOutside).toEqual([]);
    expect(await page.$eval('#fig-3 .plot', (p) => [...p.querySelectorAll('g.ytick text')].map((t) => t.textContent))).toContain('Occupations of category one');
    expect(consoleErrors).toEqual([]);
    await page.close();
  });

  it.concurrent('Figure 9 is three plots, one per row of panels, stacked inside the figure; its bars are the weights computed from the CSVs', async () => {
    // the oracle: w_o = sector share x the occupation's share of its sector's employment (GDP scheme:
    // the sector's gdp_share over those of the sectors with an occupation; employment scheme: its
    // share of all employment), over the occupations with a task, from the dataset's own CSVs
    const dir = join(ROOT, 'data/recorded/joules-to-gdp-reconstructed');
    const csv = (f: string) => parseCsv(readFileSync(join(dir, f), 'utf8'), f).rows.map((r) => r.values as Record<string, string>);
    const withTasks = new Set(csv('tasks.csv').map((t) => t.occupation));
    const occs = csv('occupations.csv').filter((o) => withTasks.has(o.occupation));
    const gdp = new Map(csv('sectors.csv').map((r) => [r.sector, Number(r.gdp_share)]));
    const sectors = [...new Set(occs.map((o) => o.sector))];
    const gdpTotal = sectors.reduce((t, s) => t + gdp.get(s)!, 0);
    const empOf = (s: string) => occs.filter((o) => o.sector === s).reduce((t, o) => t + Number(o.employment), 0);
    const empAll = occs.reduce((t, o) => t + Number(o.employment), 0);
    const oracle = (scheme: 'gdp' | 'employment') => new Map(occs.map((o) => [o.occupation,
      100 * (scheme === 'gdp' ? (gdp.get(o.sector)! / gdpTotal) * (Number(o.employment) / empOf(o.sector)) : Number(o.employment) / empAll)]));
    const page = await browser.context.newPage();
    await page.setViewportSize({ width: 1280, height: 800 });
    await page.goto(server.url);
    await settled(page);
    const read = async () => {
      await drawFigures(page, ['fig-9']);
      return page.$eval('#fig-9', (sec) => {
        const box = (e: Element) => { const r = e.getBoundingClientRect(); return { left: r.left, right: r.right, top: r.top, bottom: r.bottom }; };
        // a colour as the page computes it (rgb(r, g, b)), to compare with the swatches
        const probe = document.createElement('span');
        sec.append(probe);
        const rgb = (c: string) => { probe.style.backgroundColor = ''; probe.style.backgroundColor = c; return getComputedStyle(probe).backgroundColor; };
        const plots = [...sec.querySelectorAll<HTMLElement>('.plot')].map((p) => {
          const data = (p as HTMLElement & { data?: { type: string; x?: number[]; customdata?: string[]; y?: unknown[]; showlegend?: boolean; legend?: string; marker?: { color?: string | string[] } }[] }).data ?? [];
          return {
            box: box(p), svg: box(p.querySelector('.main-svg')!), renders: Number(p.dataset.renders),
            bars: data.filter((t) => t.type === 'bar').map((t) => ({ x: t.x ?? [], names: t.customdata ?? (t.y as string[]) ?? [], colours: Array.isArray(t.marker?.color) ? (t.marker!.color as string[]).map(rgb) : [] })),
            plotlyLegendKeys: p.querySelectorAll('g[class^="legend"] g.traces').length,
            // the page's HTML legends (figureFit.ts htmlLegends): each key's name and swatch colour, the legend's box
            htmlKeys: [...p.querySelectorAll<HTMLElement>('.html-legend li.key')].map((li) => ({ name: li.textContent ?? '', colour: getComputedStyle(li.querySelector('.swatch')!).backgroundColor })),
            htmlLegends: [...p.querySelectorAll('.html-legend')].map(box),
            // where the bars start: each x axis's left end as Plotly laid it out (its _offset, px from the plot's left)
            axisLeft: Object.entries((p as HTMLElement & { _fullLayout?: Record<string, { _offset?: number }> })._fullLayout ?? {}).filter(([k]) => /^xaxis\d*$/.test(k)).map(([, a]) => box(p).left + (a._offset ?? NaN)),
          };
        });
        probe.remove();
        return { section: box(sec), badge: box(sec.querySelector('.fig-badge')!), caption: box(sec.querySelector('.fig-caption')!), updating: sec.classList.contains('updating'), plots };
      });
    };
    const check = (f: Awaited<ReturnType<typeof read>>, scheme: 'gdp' | 'employment') => {
      expect(f.plots.length).toBe(3);
      expect(f.updating).toBe(false);
      // stacked in order, inside the figure, no two overlapping; the badge above, the caption below
      f.plots.forEach((p, i) => {
        expect(p.box.top, `plot ${i}`).toBeGreaterThanOrEqual(f.section.top - 0.5);
        expect(p.box.bottom, `plot ${i}`).toBeLessThanOrEqual(f.section.bottom + 0.5);
        expect(p.box.bottom - p.box.top, `plot ${i}`).toBeGreaterThan(100);
        if (i) expect(p.box.top, `plot ${i} under plot ${i - 1}`).toBeGreaterThanOrEqual(f.plots[i - 1].box.bottom - 0.5);
      });
      expect(f.badge.bottom).toBeLessThanOrEqual(f.plots[0].box.top + 0.5);
      expect(f.caption.top).toBeGreaterThanOrEqual(f.plots[2].box.bottom - 0.5);
      // one bar trace per plot: sectors, categories, occupations, as many bars as the CSVs have
      expect(f.plots.map((p) => p.bars.length)).toEqual([1, 1, 1]);
      expect(f.plots.map((p) => p.bars[0].x.length)).toEqual([sectors.length, new Set(occs.map((o) => o.category)).size, occs.length]);
      // the occupations' own legend, drawn by the page in HTML (not by Plotly): one key per category
      // of the CSVs, each in the colour of that category's occupation bars, inside the plot's box
      const categoryOf = new Map(occs.map((o) => [o.occupation, o.category]));
      expect(f.plots.map((p) => p.plotlyLegendKeys)).toEqual([0, 0, 0]);
      // the three stacked plots share one left margin: their bars start at the same x
      f.plots.forEach((p, i) => { expect(p.axisLeft.length, `plot ${i}`).toBe(1); expect(Math.abs(p.axisLeft[0] - f.plots[0].axisLeft[0]), `plot ${i}`).toBeLessThan(1); });
      expect(f.plots[2].htmlKeys.map((k) => k.name).sort()).toEqual([...new Set(occs.map((o) => o.category))].sort());
      const keyColour = new Map(f.plots[2].htmlKeys.map((k) => [k.name, k.colour]));
      f.plots[2].bars[0].names.forEach((n, i) => expect(f.plots[2].bars[0].colours[i], n).toBe(keyColour.get(categoryOf.get(n)!)));
      expect(f.plots[2].htmlLegends.length).toBe(1);
      const lg = f.plots[2].htmlLegends[0], pb = f.plots[2].box;
      expect(lg.left >= pb.left && lg.right <= pb.right + 0.5 && lg.top >= pb.top && lg.bottom <= pb.bottom + 0.5, JSON.stringify({ lg, pb })).toBe(true);
      const want = oracle(scheme);
      const occupation = f.plots[2].bars[0];
      occupation.names.forEach((name, i) => expect(occupation.x[i], name).toBeCloseTo(want.get(name)!, 9));
      // each sector's bar, drawn in another plot, is the sum of its occupations' weights
      const sectorBars = f.plots[0].bars[0];
      const bySector = new Map<string, number>();
      for (const o of occs) bySector.set(o.sector, (bySector.get(o.sector) ?? 0) + want.get(o.occupation)!);
      expect(sectorBars.x.reduce((a, b) => a + b, 0)).toBeCloseTo(100, 9);
      expect([...sectorBars.x].sort((a, b) => a - b).map((v) => v.toFixed(9))).toEqual([...bySector.values()].sort((a, b) => a - b).map((v) => v.toFixed(9)));
    };
    const gdp1 = await read();
    check(gdp1, 'gdp');
    await openSettings(page);
    await page.selectOption('#c-weights', 'employment');
    await settled(page, 2);
    const emp = await read();
    check(emp, 'employment');
    // every plot drawn again under the new weights
    emp.plots.forEach((p, i) => expect(p.renders, `plot ${i}`).toBe(gdp1.plots[i].renders + 1));
    expect(consoleErrors).toEqual([]);
    await page.close();
  });

  it.concurrent('a link to a dataset the page does not bundle says so instead of silently opening another', async () => {
    const page = await browser.context.newPage();
    await page.goto(`${server.url}?dataset=held&policy=pass%402`);
    // the notice is shown before the first pass starts: no need to wait for its figures and intervals
    await page.waitForSelector('#notice-held', { state: 'visible', timeout: 120_000 });
    const notice = await page.textContent('#notice-held');
    expect(notice).toContain('"held"');
    expect(notice).toContain('not bundled');
    expect(await page.isVisible('#notice-held')).toBe(true);
    await page.close();
  });

  it.concurrent('a pinned baseline: Table 1 stays near the top, changes are counted and shown as baseline → now, a reload keeps it', async () => {
    const page = await browser.context.newPage();
    await page.setViewportSize({ width: 1280, height: 800 });
    await page.goto(server.url);
    await settled(page);
    await openSettings(page);
    await page.click('#pin');
    await settled(page, 2);
    await page.fill('#c-rate', '30');
    await page.dispatchEvent('#c-rate', 'change');
    await settled(page, 3);
    // fields and values in words, one count: no JSON, no internal field names; the summary's count is the highlighted cells'
    await page.$eval('#compare-panel', (d) => { (d as HTMLDetailsElement).open = true; });
    const compareText = await page.textContent('#compare');
    expect(compareText).toContain('Changed: node rate: recorded costs → 30 USD per node-hour');
    expect(compareText).toContain('Baseline pinned: every field its default');
    expect(compareText).not.toMatch(/[{}]|nodeRateUSDPerHour|judgmentReference|rates:/);
    const highlighted = await page.$$eval('td.changed', (tds) => tds.length);
    expect(await page.textContent('#compare-summary')).toContain(`${highlighted} changed cell`);
    expect(compareText).toContain(`The ${highlighted} changed cells are highlighted`);
    expect(compareText).toMatch(new RegExp(`for the \\d+ of the ${highlighted} changed cells that carry one`));
    // a highlighted cell's printed value changed: its hover names two different printed values
    const pairs = await page.$$eval('td.changed', (tds) => tds.map((td) => /^baseline (.+) → now (.+?)(;|$)/.exec(td.getAttribute('title') ?? '')));
    for (const m of pairs) expect(m && m[1] !== m[2], String(m?.[0])).toBe(true);
    await page.$eval('#compare-panel', (d) => { (d as HTMLDetailsElement).open = false; });
    const top = await page.$eval('#sec-table01', (s) => s.getBoundingClientRect().top + scrollY);
    expect(top, 'Table 1 is within the first two screens').toBeLessThan(2 * 800);
    expect(await page.$eval('#compare-panel', (d) => (d as HTMLDetailsElement).open)).toBe(false);
    const changed = await page.$$eval('#sec-table01 td.changed', (tds) => tds.map((td) => td.getAttribute('title') ?? ''));
    expect(changed.length).toBeGreaterThan(0);
    for (const t of changed) expect(t).toMatch(/^baseline .+ → now .+/);
    expect(await page.textContent('#sec-table01 .diff-count')).toContain(`${changed.length} changed cell`);
    expect(await page.textContent('#compare-summary')).toMatch(/Comparison with the pinned baseline: \d+ changed cells/);
    const unchanged = await page.textContent('#unchanged-rows > summary');
    expect(unchanged).toMatch(/^\d+ cells? whose printed value did not change$/);
    expect(await page.$$eval('#paired tr', (trs) => trs.slice(1).every((tr) => tr.children[5].textContent !== '0'))).toBe(true);
    const url = page.url();
    expect(url).toContain('baseline=');
    await page.reload();
    await settled(page);
    expect(await page.$$eval('#sec-table01 td.changed', (tds) => tds.length)).toBe(changed.length);
    expect(await page.isHidden('#compare-panel')).toBe(false);

    // a bad dataset chosen while scrolled: the message is in view at a desktop width too
    await page.evaluate(() => window.scrollTo(0, 5000));
    await page.setInputFiles('#files', badDataset());
    await messageInView(page);
    expect(consoleErrors).toEqual([]);
    await page.close();
  });
});
