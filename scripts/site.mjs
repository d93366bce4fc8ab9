#!/usr/bin/env node
/**
 * node scripts/site.mjs OUT SITE: the static site the Pages workflow publishes, from what
 * `npm run reproduce` wrote into OUT: everything a reader opens (report.html as the front page
 * index.html, the explorer, figures, tables, notebooks and their HTML, checks and scenario files),
 * without what only a local run needs (the private Jupyter kernelspec, screenshots). Refuses an OUT
 * without report.html or explorer/index.html, naming what is missing; SITE is written whole or not at all.
 */
import { cpSync, existsSync, renameSync, rmSync } from 'node:fs';
import { join, resolve } from 'node:path';

const LEFT_OUT = new Set(['.jupyter', 'screenshots']);

export function buildSite(out, site) {
  for (const f of ['report.html', join('explorer', 'index.html')]) {
    if (!existsSync(join(out, f))) throw new Error(`${join(out, f)}: missing (run npm run reproduce first)`);
  }
  const tmp = `${site}.tmp-${process.pid}`;
  rmSync(tmp, { recursive: true, force: true });
  try {
    cpSync(out, tmp, { recursive: true, filter: (src) => !LEFT_OUT.has(src.slice(out.length + 1).split(/[\\/]/)[0]) });
    cpSync(join(out, 'report.html'), join(tmp, 'index.html'));
    rmSync(site, { recursive: true, force: true });
    renameSync(tmp, site);
  } finally {
    rmSync(tmp, { recursive: true, force: true });
  }
}

if (process.argv[1] && resolve(process.argv[1]) === resolve(new URL(import.meta.url).pathname)) {
  const [out, site] = process.argv.slice(2);
  if (!out || !site) {
    process.stderr.write('usage: node scripts/site.mjs OUT SITE\n');
    process.exit(2);
  }
  try {
    buildSite(resolve(out), resolve(site));
  } catch (e) {
    process.stderr.write(`site: ${e.message}\n`);
    process.exit(1);
  }
}
