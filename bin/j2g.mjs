#!/usr/bin/env node
// j2g: the joules-to-gdp command line, run from its compiled JavaScript (build/cli, scripts/cli/build.mjs).
// At each start every source file that went into build/cli is checked against its recorded size and
// modification time; if any changed (or nothing is built), it is rebuilt first (esbuild, well under a
// second), so a compiled CLI older than its sources never runs. If esbuild cannot build, the
// TypeScript sources run through tsx instead (slower to start, never stale).
import { readFileSync } from 'node:fs';
import { pathToFileURL } from 'node:url';
import { ENTRY, buildCli, staleReason } from '../scripts/cli/build.mjs';

let entry = pathToFileURL(ENTRY).href;
if (staleReason() !== null) {
  try {
    await buildCli();
  } catch (e) {
    process.stderr.write(`j2g: could not compile the command line (${e.message.split('\n')[0]}); running the TypeScript sources through tsx\n`);
    const { register } = await import('tsx/esm/api');
    register();
    entry = new URL('../kernel-lib/cli/main.ts', import.meta.url).href;
  }
}
const { main } = await import(entry);
const summaries = () => {
  try {
    return JSON.parse(readFileSync(new URL('summaries.json', pathToFileURL(ENTRY)), 'utf8'));
  } catch {
    return undefined;
  }
};
process.exitCode = await main(process.argv.slice(2), { summaries: entry.endsWith('.js') ? summaries() : undefined });
