/**
 * Node's file system and path modules, fetched when a function that reads files is called rather than
 * imported at the top of the module, so that the modules that also hold pure parsing (io/csv.ts,
 * data/load.ts) bundle for the browser explorer unchanged. In a browser, calling a reader throws.
 */
import { J2GError } from '../errors.ts';

type Fs = typeof import('node:fs');
type Path = typeof import('node:path');
type Url = typeof import('node:url');
type WorkerThreads = typeof import('node:worker_threads');
type Crypto = typeof import('node:crypto');

function builtin<T>(id: string): T {
  const get = (globalThis as { process?: { getBuiltinModule?: (id: string) => unknown } }).process?.getBuiltinModule;
  const mod = get?.(id);
  if (!mod) throw new J2GError(`${id} is not available here (reading files needs Node >= 20.16; in a browser, pass the files' texts, e.g. datasetFromTexts)`);
  return mod as T;
}

/** `node:fs`, or a J2GError outside Node. */
export function nodeFs(): Fs {
  return builtin<Fs>('node:fs');
}

/** `node:path`, or a J2GError outside Node. */
export function nodePath(): Path {
  return builtin<Path>('node:path');
}

/** `node:url`, or a J2GError outside Node. */
export function nodeUrl(): Url {
  return builtin<Url>('node:url');
}

/** `node:crypto`, or a J2GError outside Node. */
export function nodeCrypto(): Crypto {
  return builtin<Crypto>('node:crypto');
}

/** `node:worker_threads`, or a J2GError outside Node. */
export function nodeWorkerThreads(): WorkerThreads {
  return builtin<WorkerThreads>('node:worker_threads');
}

/**
 * The compiled worker file `name` beside the running code, or null: only the command line's bundle
 * (build/cli, scripts/cli/build.mjs) has its workers (csvWorker.js, slotWorker.js) beside its chunks;
 * under tsx, vitest, a notebook or a browser there is none. `here`: the running module's URL, by
 * default `import.meta['url']` on purpose: the command line's build rewrites `import.meta.url` to the
 * source file's URL, but the worker is the compiled file in the build's own directory, which only the
 * bundle's real URL points into (every chunk of the bundle lies in that one directory).
 * @example compiledWorkerBeside('slotWorker.js', 'https://example.org/cli/main.js') // => null
 */
export function compiledWorkerBeside(name: string, here: string | undefined = (import.meta as unknown as Record<string, string>)['url']): URL | null {
  if (!here || !here.startsWith('file:') || !here.endsWith('.js')) return null;
  const url = new URL(`./${name}`, here);
  return nodeFs().existsSync(nodeUrl().fileURLToPath(url)) ? url : null;
}
