/**
 * One headless Chromium shared by many processes: `npm run reproduce` starts this server and passes
 * its address to every notebook kernel in J2G_RENDER_URL, so that eleven notebooks do not start
 * eleven browsers (starting Chromium and parsing plotly.js takes seconds). Local only (127.0.0.1).
 *
 * POST /svg and POST /png[?scale=S] with a spec as JSON body; the answer is the image.
 */
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { PlotSpec } from '../plots/spec.ts';
import type { StaticRenderer } from './plotly.ts';

export const RENDER_URL_ENV = 'J2G_RENDER_URL';

export interface RenderServer {
  url: string;
  close(): Promise<void>;
}

/**
 * `renderer` one figure at a time, whoever asks (Chromium renders every figure in one page, into one
 * element: two renders at once could each read the other's figure). It may be a promise: requests
 * wait for it; when it rejects or gives null, each request rejects saying so.
 */
export function serialRenderer(renderer: StaticRenderer | Promise<StaticRenderer | null>): StaticRenderer {
  // Already serial (reproduce hands its figures step's renderer to the server): one queue, one memo.
  if (serialRenderers.has(renderer as StaticRenderer)) return renderer as StaticRenderer;
  const ready = Promise.resolve(renderer).then((r) => {
    if (!r) throw new Error('no renderer: Chromium is not available');
    return r;
  });
  let queue: Promise<unknown> = ready.catch(() => undefined);
  const serial = <T>(job: (r: StaticRenderer) => Promise<T>): Promise<T> => {
    const next = queue.then(async () => job(await ready));
    queue = next.catch(() => undefined);
    return next;
  };
  // The same spec renders to the same image: the figures step and the notebooks draw many of the
  // same figures (reproduce), so each image is rendered once per renderer and then handed out again.
  const done = new Map<string, Promise<string | Buffer>>();
  const once = <T extends string | Buffer>(key: string, job: (r: StaticRenderer) => Promise<T>): Promise<T> => {
    let p = done.get(key) as Promise<T> | undefined;
    if (!p) {
      p = serial(job);
      done.set(key, p);
      p.catch(() => done.delete(key));
    }
    return p;
  };
  const serialized: StaticRenderer = {
    svg: (spec) => once(`svg\0${JSON.stringify(spec)}`, (r) => r.svg(spec)),
    png: (spec, scale) => once(`png ${scale}\0${JSON.stringify(spec)}`, (r) => r.png(spec, scale)).then((b) => Buffer.from(b)),
    close: async () => (await ready.catch(() => null))?.close(),
  };
  serialRenderers.add(serialized);
  return serialized;
}

/** The renderers serialRenderer made. */
const serialRenderers = new WeakSet<StaticRenderer>();

/**
 * Serve `renderer` on 127.0.0.1 (a free port), one figure at a time (serialRenderer: pass the same
 * serialRenderer to whatever else renders with it meanwhile). It may be a promise: the server listens
 * at once and requests wait for Chromium to be ready, so that kernels can start while it does.
 * Closing the server leaves the renderer open.
 */
export async function startRenderServer(renderer: StaticRenderer | Promise<StaticRenderer | null>): Promise<RenderServer> {
  const serial = serialRenderer(renderer);
  const server: Server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', async () => {
      try {
        const url = new URL(req.url ?? '/', 'http://localhost');
        if (req.method !== 'POST' || (url.pathname !== '/svg' && url.pathname !== '/png')) {
          res.writeHead(404).end('POST /svg or /png');
          return;
        }
        const spec = JSON.parse(Buffer.concat(chunks).toString('utf8')) as PlotSpec;
        if (url.pathname === '/svg') {
          const svg = await serial.svg(spec);
          res.writeHead(200, { 'content-type': 'image/svg+xml' }).end(svg);
        } else {
          const scale = url.searchParams.has('scale') ? Number(url.searchParams.get('scale')) : undefined;
          const png = await serial.png(spec, scale);
          res.writeHead(200, { 'content-type': 'image/png' }).end(png);
        }
      } catch (e) {
        res.writeHead(500).end(String((e as Error).message));
      }
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    close: () => new Promise((resolve) => server.close(() => resolve())),
  };
}

/** A StaticRenderer that forwards to a render server. */
export function remoteRenderer(url: string): StaticRenderer {
  const post = async (path: string, spec: PlotSpec) => {
    const send = () => fetch(`${url}${path}`, { method: 'POST', body: JSON.stringify(spec), headers: { 'content-type': 'application/json' } });
    // A pooled keep-alive connection the server closed while a kernel computed for longer than its
    // keep-alive timeout fails as "other side closed": a render is idempotent, so it is sent once more.
    const res = await send().catch((e: Error & { cause?: { code?: string } }) => {
      if (e.cause?.code !== 'UND_ERR_SOCKET') throw e;
      return send();
    });
    if (!res.ok) throw new Error(`render server ${path}: ${res.status} ${await res.text()}`);
    return res;
  };
  return {
    svg: async (spec) => (await post('/svg', spec)).text(),
    png: async (spec, scale) => Buffer.from(await (await post(scale === undefined ? '/png' : `/png?scale=${scale}`, spec)).arrayBuffer()),
    close: async () => undefined,
  };
}
