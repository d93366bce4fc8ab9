/**
 * compiledWorkerBeside (io/node.ts): where readAside.ts and slotPositionsAside.ts find their compiled
 * workers. Only a `file:` URL of a compiled `.js` module whose directory holds the named file gives
 * one (the command line's bundle, build/cli); anything else (no URL, another scheme, the TypeScript
 * sources under tsx or vitest, a directory without the file) gives null, and the caller works on its
 * own thread.
 */
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { expect, test } from 'vitest';
import { compiledWorkerBeside } from '../../kernel-lib/io/node.ts';

test('a file: URL of a .js module whose directory holds the worker gives the worker; anything else null', () => {
  const dir = mkdtempSync(join(tmpdir(), 'j2g-beside-'));
  const chunk = pathToFileURL(join(dir, 'chunk-ABC.js')).href;
  expect(compiledWorkerBeside('slotWorker.js', chunk)).toBeNull(); // not there yet
  writeFileSync(join(dir, 'slotWorker.js'), '');
  expect(compiledWorkerBeside('slotWorker.js', chunk)?.href).toBe(pathToFileURL(join(dir, 'slotWorker.js')).href);
  expect(compiledWorkerBeside('csvWorker.js', chunk)).toBeNull(); // another worker's name
  expect(compiledWorkerBeside('slotWorker.js', pathToFileURL(join(dir, 'chunk-ABC.ts')).href)).toBeNull(); // sources, not a bundle
  expect(compiledWorkerBeside('slotWorker.js', `https://example.org${new URL(chunk).pathname}`)).toBeNull();
  expect(compiledWorkerBeside('slotWorker.js', '')).toBeNull();
  expect(compiledWorkerBeside('slotWorker.js', undefined)).toBeNull();
  // under vitest the default is this module's own URL (a .ts source): none
  expect(compiledWorkerBeside('slotWorker.js')).toBeNull();
});
