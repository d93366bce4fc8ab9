/**
 * `node --import tsx scripts/explorer/profile.ts [selector value]...`: where the explorer's main thread
 * spends a control change, from a Chromium performance trace (playwright-core's CDP tracing), at
 * 1280x800 on the reconstructed dataset, the bundle built unminified so that functions keep their names.
 * For each control change (default: weights to employment, then policy to pass@2), printed: every
 * main-thread task over 50 ms (start from the change, duration, and the thread's CPU time in it: on a
 * loaded host the wall time includes waits for a core, the CPU time does not), what it spent its time in (trace
 * events: script, style, layout, paint) and its hottest functions (self time from the V8 sampling
 * profile in the trace), and the plot drawn in it (the page's probe: figure, or '9/2' for a row of a figure
 * drawn one plot per row). SCROLL=fig-9 profiles with the page scrolled to that figure; SCROLL=all
 * scrolls through every figure after each change (as the bench's scroll-through does). A tool for finding what to speed up; the targets live in `npm run bench`.
 */
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Page } from 'playwright-core';
import { buildExplorer } from './build.ts';
import { explorerBrowser, serveStatic } from './serve.ts';

interface TraceEvent { name: string; ph: string; ts: number; dur?: number; tdur?: number; pid: number; tid: number; args?: Record<string, unknown>; id?: string | number; cat?: string }
interface ProfileNode { id: number; callFrame: { functionName: string; url: string; lineNumber: number }; parent?: number }

async function settled(page: Page, passes: number): Promise<void> {
  await page.waitForFunction((n) => {
    const p = (window as unknown as { __explorer?: { ready: boolean; passes: number; intervalsPending: boolean; figuresPending: boolean; errors: string[] } }).__explorer;
    return !!p && (p.errors.length > 0 || (p.ready && p.passes >= n && !p.intervalsPending && !p.figuresPending));
  }, passes, { timeout: 180_000 });
}

/** The trace's long tasks on the page's main thread, each with its time by event kind and its hottest functions. */
export function analyseTrace(events: TraceEvent[], fromTs: number, minMs = 50, draws: { figure: string; start: number; ms: number }[] = []): string[] {
  const main = events.find((e) => e.name === 'thread_name' && e.args?.name === 'CrRendererMain' && events.some((x) => x.pid === e.pid && x.tid === e.tid && x.name === 'RunTask' && (x.dur ?? 0) > 10_000));
  if (!main) return ['no renderer main thread in the trace'];
  const onMain = events.filter((e) => e.pid === main.pid && e.tid === main.tid);
  const tasks = onMain.filter((e) => e.ph === 'X' && (e.name === 'RunTask' || e.name === 'ThreadControllerImpl::RunTask') && (e.dur ?? 0) >= minMs * 1000 && e.ts >= fromTs);
  // the V8 sampling profile: nodes and samples from ProfileChunk events (any thread of the renderer; the main thread's profile)
  const nodes = new Map<number, ProfileNode>();
  const samples: { ts: number; node: number }[] = [];
  let startTime = 0;
  // the main thread's profile: its Profile event is on the main thread; its chunks carry the same id
  const ids = new Set(events.filter((x) => x.name === 'Profile' && x.pid === main.pid && x.tid === main.tid).map((x) => x.id));
  for (const e of events.filter((x) => x.pid === main.pid && (x.name === 'Profile' || x.name === 'ProfileChunk') && ids.has(x.id))) {
    const data = e.args?.data as { startTime?: number; cpuProfile?: { nodes?: ProfileNode[]; samples?: number[] }; timeDeltas?: number[] } | undefined;
    if (!data) continue;
    if (e.name === 'Profile' && data.startTime !== undefined) { startTime = data.startTime; continue; }
    for (const n of data.cpuProfile?.nodes ?? []) nodes.set(n.id, n);
    let t = samples.length ? samples[samples.length - 1].ts : startTime;
    (data.cpuProfile?.samples ?? []).forEach((s, i) => { t += data.timeDeltas?.[i] ?? 0; samples.push({ ts: t, node: s }); });
  }
  const out: string[] = [];
  for (const task of tasks) {
    const end = task.ts + (task.dur ?? 0);
    const inside = onMain.filter((e) => e.ph === 'X' && e.ts >= task.ts && e.ts + (e.dur ?? 0) <= end && e !== task && e.name !== 'RunTask');
    const byName = new Map<string, number>();
    // only the outermost event of each name counts (nested events of one name are not added twice)
    for (const e of inside) {
      const nested = inside.some((o) => o !== e && o.name === e.name && o.ts <= e.ts && o.ts + (o.dur ?? 0) >= e.ts + (e.dur ?? 0) && (o.ts < e.ts || (o.dur ?? 0) > (e.dur ?? 0)));
      if (!nested) byName.set(e.name, (byName.get(e.name) ?? 0) + (e.dur ?? 0) / 1000);
    }
    const kinds = [...byName].filter(([, v]) => v >= 3).sort((a, b) => b[1] - a[1]).slice(0, 10).map(([k, v]) => `${k} ${v.toFixed(0)}`).join(', ');
    const self = new Map<string, number>();
    const total = new Map<string, number>();
    let n = 0;
    const inTask = samples.filter((s) => s.ts >= task.ts && s.ts <= end);
    inTask.forEach((s, i) => {
      const dt = ((inTask[i + 1]?.ts ?? s.ts + 1000) - s.ts) / 1000;
      n += dt;
      const node = nodes.get(s.node);
      if (!node) return;
      const name = (x: ProfileNode) => `${x.callFrame.functionName || '(anonymous)'} ${(x.callFrame.url ?? '').split('/').pop()}:${(x.callFrame.lineNumber ?? -1) + 1}`;
      self.set(name(node), (self.get(name(node)) ?? 0) + dt);
      const seen = new Set<string>();
      for (let p: ProfileNode | undefined = node; p; p = p.parent !== undefined ? nodes.get(p.parent) : undefined) {
        const k = name(p);
        if (seen.has(k)) continue;
        seen.add(k);
        total.set(k, (total.get(k) ?? 0) + dt);
      }
      // parents: the profile's nodes name their children, not their parent
    });
    const top = (m: Map<string, number>, k: number) => [...m].filter(([name]) => !/^\((root|program|idle)\)/.test(name)).sort((a, b) => b[1] - a[1]).slice(0, k).map(([name, v]) => `      ${v.toFixed(0).padStart(5)} ms  ${name}`).join('\n');
    // the plots drawn in it (the page's probe: start in ms from the change, on the trace's clock)
    const plots = draws.filter((d) => d.start * 1000 >= task.ts - fromTs - 1000 && (d.start + d.ms) * 1000 <= end - fromTs + 1000).map((d) => `${d.figure} (Plotly.react ${d.ms.toFixed(0)} ms)`);
    out.push(`  task at +${((task.ts - fromTs) / 1000).toFixed(0)} ms: ${((task.dur ?? 0) / 1000).toFixed(0)} ms${task.tdur !== undefined ? ` (thread CPU ${(task.tdur / 1000).toFixed(0)} ms)` : ''}${plots.length ? `, drawing ${plots.join(', ')}` : ''}\n    events: ${kinds}\n    sampled ${n.toFixed(0)} ms; self:\n${top(self, 12)}\n    total (inclusive):\n${top(total, 25)}`);
  }
  return out.length ? out : [`no task over ${minMs} ms`];
}

/** Parent links for the profile's nodes (a ProfileChunk lists each node's parent or its children). */
function linkParents(events: TraceEvent[]): void {
  for (const e of events) {
    const nodes = (e.args?.data as { cpuProfile?: { nodes?: (ProfileNode & { children?: number[] })[] } } | undefined)?.cpuProfile?.nodes;
    if (!nodes) continue;
    const byId = new Map(nodes.map((n) => [n.id, n]));
    for (const n of nodes) for (const c of n.children ?? []) { const k = byId.get(c); if (k) k.parent = n.id; }
  }
}

if (process.argv[1]?.endsWith('profile.ts')) {
  const args = process.argv.slice(2);
  const changes: [string, string][] = [];
  for (let i = 0; i + 1 < args.length; i += 2) changes.push([args[i], args[i + 1]]);
  if (!changes.length) changes.push(['#c-weights', 'employment'], ['#c-policy', 'pass@2']);
  const scrollTo = process.env.SCROLL; // e.g. fig-3: profile with the page scrolled to the figures
  const work = mkdtempSync(join(tmpdir(), 'j2g-profile-'));
  const { out } = await buildExplorer({ out: join(work, 'explorer'), minify: false });
  const server = await serveStatic(out);
  const b = await explorerBrowser(server.url);
  try {
    const page = await b.context.newPage();
    await page.setViewportSize({ width: 1280, height: 800 });
    await page.goto(server.url);
    await settled(page, 1);
    if (scrollTo && scrollTo !== 'all') await page.evaluate((id) => document.getElementById(id)!.scrollIntoView(), scrollTo);
    await page.waitForTimeout(500);
    let passes = 1;
    const browser = b.context.browser()!;
    for (const [sel, value] of changes) {
      await browser.startTracing(page, { categories: ['devtools.timeline', 'disabled-by-default-devtools.timeline', 'v8.execute', 'disabled-by-default-v8.cpu_profiler', 'blink.user_timing'] });
      await page.waitForTimeout(200);
      const mark = await page.evaluate(() => { performance.mark('change'); return performance.now(); });
      await page.selectOption(sel, value);
      await settled(page, ++passes);
      if (scrollTo === 'all') {
        await page.evaluate(async () => {
          const p = (window as unknown as { __explorer: { scenarioKey: string; figuresPending: boolean } }).__explorer;
          for (const sec of document.querySelectorAll<HTMLElement>('section.figure')) {
            const t = performance.now();
            sec.scrollIntoView({ block: 'center' });
            while ((sec.dataset.scenario !== p.scenarioKey || p.figuresPending) && performance.now() - t < 60_000) await new Promise((r) => requestAnimationFrame(r));
          }
          window.scrollTo(0, 0);
        });
      }
      await page.waitForTimeout(200);
      const buf = await browser.stopTracing();
      const trace = JSON.parse(buf.toString()) as { traceEvents: TraceEvent[] };
      if (process.env.TRACE_OUT) writeFileSync(`${process.env.TRACE_OUT}-${passes}.json`, buf);
      linkParents(trace.traceEvents);
      const markEv = trace.traceEvents.find((e) => e.name === 'change' && (e.cat ?? '').includes('user_timing'));
      const from = markEv?.ts ?? 0;
      // every plot drawn since the change (figure or row of one, '9/2'), ms from the change
      const draws = await page.evaluate((m) => (window as unknown as { __explorer: { figureDraws: { figure: string; start: number; ms: number }[] } }).__explorer.figureDraws.filter((d) => d.start >= m).map((d) => ({ ...d, start: d.start - m })), mark);
      if (draws.length) console.log(`plots drawn (ms from the change: Plotly.react ms): ${draws.map((d) => `${d.figure} +${d.start.toFixed(0)}: ${d.ms.toFixed(0)}`).join(', ')}`);
      const probe = await page.evaluate(() => { const p = (window as unknown as { __explorer: { passTablesMs: number; passInViewFiguresMs: number | null; longTasks: { start: number; ms: number }[]; passStartedAt: number } }).__explorer; return { tables: p.passTablesMs, inView: p.passInViewFiguresMs, long: p.longTasks.filter((t) => t.start >= p.passStartedAt - 1).map((t) => Math.round(t.ms)) }; });
      console.log(`\n${sel} = ${value}: tables ${probe.tables.toFixed(0)} ms, in-view figures ${probe.inView?.toFixed(0) ?? '-'} ms, long tasks (page's observer) ${probe.long.join(', ')}`);
      console.log(analyseTrace(trace.traceEvents, from, Number(process.env.MIN_MS ?? 50), draws).join('\n'));
    }
  } finally {
    await b.close();
    await server.close();
    rmSync(work, { recursive: true, force: true });
  }
}
