/**
 * The one Chromium page that renders every figure is used one figure at a time (serialRenderer), by
 * the figures step and the notebooks' render server alike, and the server can start before Chromium
 * is ready (its requests wait for it). With a fake renderer that records how many renders overlap.
 */
import { describe, expect, it } from 'vitest';
import { remoteRenderer, serialRenderer, startRenderServer } from '../../kernel-lib/export/renderServer.ts';
import type { StaticRenderer } from '../../kernel-lib/export/plotly.ts';
import type { PlotSpec } from '../../kernel-lib/plots/spec.ts';

const spec = (title: string) => ({ data: [], layout: { title: { text: title } } }) as unknown as PlotSpec;
const titleOf = (s: PlotSpec) => (s.layout as { title: { text: string } }).title.text;

/** A renderer whose renders take a few milliseconds each, and that counts renders running at once. */
function fake(): StaticRenderer & { maxAtOnce: number; order: string[] } {
  let running = 0;
  const r = {
    maxAtOnce: 0,
    order: [] as string[],
    async svg(s: PlotSpec) {
      running++;
      r.maxAtOnce = Math.max(r.maxAtOnce, running);
      await new Promise((done) => setTimeout(done, 5));
      running--;
      r.order.push(titleOf(s));
      return `<svg>${titleOf(s)}</svg>`;
    },
    async png(s: PlotSpec, scale = 2) {
      return Buffer.from(`png ${titleOf(s)} x${scale}`);
    },
    async close() {},
  };
  return r;
}

describe('serialRenderer', () => {
  it('renders one figure at a time, in the order asked, each answer the figure it was asked for', async () => {
    const r = fake();
    const s = serialRenderer(r);
    const answers = await Promise.all(['a', 'b', 'c', 'd'].map((t) => s.svg(spec(t))));
    expect(answers).toEqual(['<svg>a</svg>', '<svg>b</svg>', '<svg>c</svg>', '<svg>d</svg>']);
    expect(r.maxAtOnce).toBe(1);
    expect(r.order).toEqual(['a', 'b', 'c', 'd']);
  });

  it('renders the same spec once and hands the image out again; another scale, another spec or a failed render is rendered anew', async () => {
    // Oracle: the fake's own record of what it rendered.
    const r = fake();
    let failures = 1;
    const flaky: StaticRenderer = { ...r, svg: async (x) => { if (titleOf(x) === 'flaky' && failures-- > 0) throw new Error('page crashed'); return r.svg(x); } };
    const s = serialRenderer(flaky);
    expect(await Promise.all([s.svg(spec('a')), s.svg(spec('a')), s.svg(spec('b'))])).toEqual(['<svg>a</svg>', '<svg>a</svg>', '<svg>b</svg>']);
    expect(r.order).toEqual(['a', 'b']);
    expect(serialRenderer(s)).toBe(s); // wrapping it again (the render server does) keeps one queue and one memo
    expect(await serialRenderer(s).svg(spec('b'))).toBe('<svg>b</svg>');
    expect(r.order).toEqual(['a', 'b']);
    const png = await s.png(spec('a'), 1);
    png[0] = 0; // a caller's copy: the next answer is unchanged
    expect((await s.png(spec('a'), 1)).toString()).toBe('png a x1');
    expect((await s.png(spec('a'), 2)).toString()).toBe('png a x2');
    await expect(s.svg(spec('flaky'))).rejects.toThrow('page crashed');
    expect(await s.svg(spec('flaky'))).toBe('<svg>flaky</svg>');
  });

  it('waits for a renderer still starting, and says why when there is none', async () => {
    let ready!: (r: StaticRenderer) => void;
    const s = serialRenderer(new Promise<StaticRenderer>((resolve) => (ready = resolve)));
    const answer = s.png(spec('late'), 1);
    ready(fake());
    expect((await answer).toString()).toBe('png late x1');
    await expect(serialRenderer(Promise.resolve(null)).svg(spec('x'))).rejects.toThrow(/Chromium is not available/);
  });
});

describe('startRenderServer', () => {
  it('listens before the renderer is ready; its requests are answered once it is, one at a time with the figures step', async () => {
    let ready!: (r: StaticRenderer) => void;
    const r = fake();
    const shared = serialRenderer(new Promise<StaticRenderer>((resolve) => (ready = resolve)));
    const server = await startRenderServer(shared);
    try {
      const remote = remoteRenderer(server.url);
      const asked = Promise.all([remote.svg(spec('kernel 1')), shared.svg(spec('figures step')), remote.svg(spec('kernel 2'))]);
      await new Promise((done) => setTimeout(done, 20));
      expect(r.order).toEqual([]);
      ready(r);
      expect(await asked).toEqual(['<svg>kernel 1</svg>', '<svg>figures step</svg>', '<svg>kernel 2</svg>']);
      expect(r.maxAtOnce).toBe(1);
    } finally {
      await server.close();
    }
  });
});
