/**
 * The compiled `j2g`: kernel-lib/cli/main.ts and everything it imports from this checkout, bundled
 * by esbuild into build/cli (a link to the current build; one ES module per lazily loaded command;
 * the npm packages it uses bundled too, except EXTERNAL_PACKAGES),
 * so that `j2g` starts from JavaScript instead of transpiling TypeScript through tsx at every start.
 *
 * Freshness: build/cli/inputs.json lists every source file that went into the bundle with its size
 * and modification time, and the package.json of every bundled npm package. bin/j2g.mjs checks them at each start (a stat per file, about a millisecond)
 * and rebuilds before running when any differs, so a compiled CLI older than its sources never runs.
 * `npm install` (prepare) builds it once; a fresh clone without it builds on first use.
 *
 * `new URL('../../data/x', import.meta.url)` in a source file must keep meaning a path beside that
 * source, not beside the bundle: each kernel-lib file's `import.meta.url` becomes the URL of the
 * source file itself (relative to the bundle, so the checkout can move).
 *
 * Plain JavaScript (no tsx) because bin/j2g.mjs imports it on the start path.
 */
import { lstatSync, mkdirSync, readFileSync, readdirSync, renameSync, rmSync, statSync, symlinkSync, writeFileSync } from 'node:fs';
import { basename, dirname, join, relative, resolve, sep } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';

/** Changes when this build's output format does, so an older build/cli is rebuilt. */
export const BUILD_VERSION = 3;

/**
 * npm packages left as imports: native code (DuckDB's binding), tools found on disk at run time
 * (esbuild, tsx, a browser driver), and packages too large to parse at every start for the few commands
 * that load them. Every other package (arquero, zod, hyparquet) is bundled: loading arquero's 170
 * modules one by one took longer than all of j2g's own code.
 */
const EXTERNAL_PACKAGES = ['@duckdb/*', 'esbuild', 'tsx', 'tsx/*', 'playwright-core', 'danfojs-node', 'xlsx'];

export const ROOT = resolve(dirname(fileURLToPath(import.meta.url)), '../..');
export const CLI_DIR = join(ROOT, 'build', 'cli');
export const ENTRY = join(CLI_DIR, 'main.js');

/** Why build/cli cannot run as it is ('missing', 'changed: kernel-lib/x.ts', ...), or null when it is fresh. */
export function staleReason(dir = CLI_DIR, root = ROOT) {
  let inputs;
  try {
    inputs = JSON.parse(readFileSync(join(dir, 'inputs.json'), 'utf8'));
  } catch {
    return 'not built';
  }
  if (inputs.version !== BUILD_VERSION) return `built by version ${inputs.version}`;
  for (const [file, size, mtimeMs] of inputs.files) {
    let st;
    try {
      st = statSync(join(root, file));
    } catch {
      return `removed: ${file}`;
    }
    if (st.size !== size || st.mtimeMs !== mtimeMs) return `changed: ${file}`;
  }
  return null;
}

/**
 * Bundle the CLI and point `dir` (a symbolic link) at it. Each build goes to its own directory,
 * `<dir>-<time>-<pid>`, complete before the link is switched to it in one rename, so a start that
 * reads the link sees a whole build; Node loads every chunk of a running j2g from the real directory
 * its main.js was found in, so builds older than the current one are kept for an hour (a command
 * still running may yet load a lazy chunk from one) and then removed.
 */
export async function buildCli(dir = CLI_DIR, root = ROOT) {
  const esbuild = await import('esbuild');
  const parent = dirname(dir);
  const name = `${basename(dir)}-${Date.now()}-${process.pid}`;
  const tmp = join(parent, `.${name}.tmp`);
  mkdirSync(tmp, { recursive: true });
  try {
    const stamps = [];
    const sourceUrl = {
      name: 'source-import-meta-url',
      setup(build) {
        build.onLoad({ filter: /\.ts$/ }, (args) => {
          // stat before reading: an edit during the build makes the stamp older than the file, so the next start rebuilds
          const st = statSync(args.path);
          stamps.push([relative(root, args.path).split(sep).join('/'), st.size, st.mtimeMs]);
          const rel = relative(join(parent, name), args.path).split(sep).join('/');
          const src = readFileSync(args.path, 'utf8').replaceAll('import.meta.url', `new URL(${JSON.stringify(rel)}, import.meta.url).href`);
          return { contents: src, loader: 'ts' };
        });
      },
    };
    const result = await esbuild.build({
      // csvWorker: the thread kernel-lib/io/readAside.ts starts to read a dataset's largest file;
      // slotWorker: the thread kernel-lib/uncertainty/slotPositionsAside.ts starts to draw a bootstrap's slot positions
      entryPoints: {
        main: join(root, 'kernel-lib/cli/main.ts'),
        csvWorker: join(root, 'kernel-lib/io/csvWorker.ts'),
        slotWorker: join(root, 'kernel-lib/uncertainty/slotWorker.ts'),
      },
      outdir: tmp, bundle: true, splitting: true, format: 'esm', platform: 'node', target: 'node20',
      external: EXTERNAL_PACKAGES, chunkNames: 'chunk-[hash]', sourcemap: 'linked', logLevel: 'error',
      plugins: [sourceUrl], metafile: true, absWorkingDir: root,
    });
    // each bundled package is stamped by its package.json: an install that changes it rebuilds
    for (const pkg of bundledPackages(Object.keys(result.metafile.inputs).map((p) => resolve(root, p)))) {
      const st = statSync(pkg);
      stamps.push([relative(root, pkg).split(sep).join('/'), st.size, st.mtimeMs]);
    }
    // the commands' summaries, so that `j2g --help` loads no command (main.ts checks they name its commands)
    const { commandSummaries } = await import(pathToFileURL(join(tmp, 'main.js')).href);
    writeFileSync(join(tmp, 'summaries.json'), JSON.stringify(await commandSummaries()) + '\n');
    stamps.sort((a, b) => a[0].localeCompare(b[0]));
    writeFileSync(join(tmp, 'inputs.json'), JSON.stringify({ version: BUILD_VERSION, files: stamps }) + '\n');
    renameSync(tmp, join(parent, name));
  } finally {
    rmSync(tmp, { recursive: true, force: true });
  }
  // a real directory there is an older layout's: replaced by the link
  try {
    if (!lstatSync(dir).isSymbolicLink()) rmSync(dir, { recursive: true, force: true });
  } catch {
    // nothing there yet
  }
  const link = join(parent, `.${name}.link`);
  symlinkSync(name, link, 'dir');
  renameSync(link, dir);
  removeOldBuilds(parent, basename(dir), name);
}

/**
 * The package.json of each npm package among a bundle's input files (absolute paths): the folder after
 * a path's last `node_modules/` (`@scope/name` for a scoped package). Sorted, each once.
 */
export function bundledPackages(inputs) {
  const found = new Set();
  for (const p of inputs) {
    const parts = p.split(sep);
    const at = parts.lastIndexOf('node_modules');
    if (at < 0 || at + 1 >= parts.length) continue;
    const width = parts[at + 1].startsWith('@') ? 2 : 1;
    found.add(join(parts.slice(0, at + 1 + width).join(sep) || sep, 'package.json'));
  }
  return [...found].sort();
}

const KEEP_MS = 60 * 60 * 1000;

function removeOldBuilds(parent, base, current) {
  const pattern = new RegExp(`^${base}-\\d+-\\d+$`);
  const now = Date.now();
  for (const f of readdirSync(parent)) {
    if (!pattern.test(f) || f === current) continue;
    const builtAt = Number(f.split('-')[1]);
    if (now - builtAt > KEEP_MS) rmSync(join(parent, f), { recursive: true, force: true });
  }
}

if (process.argv[1] && resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  const t0 = performance.now();
  await buildCli();
  process.stderr.write(`built ${relative(process.cwd(), CLI_DIR) || CLI_DIR} in ${((performance.now() - t0) / 1000).toFixed(2)} s\n`);
}
