#!/usr/bin/env node
// j2g: the joules-to-gdp command line. Loads the TypeScript CLI through tsx so no build step is needed.
import { register } from 'tsx/esm/api';
register();
const { main } = await import('../kernel-lib/cli/main.ts');
process.exitCode = await main(process.argv.slice(2));
