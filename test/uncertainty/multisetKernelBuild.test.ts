/**
 * kernel-lib/uncertainty/multisetKernelWasm.ts is exactly what `npm run build:wasm` writes for
 * multisetKernel.wat (oracle: wabt's assembly of the .wat, formatted by kernelBytesModule). It reads the
 * file on disk, so it is left out of the mutation runs (scripts/mutation/folders.mjs): Stryker rewrites
 * that file when it mutates it, and the dry run failed here. multisetKernel.test.ts compares the
 * module's value with the same bytes, which is what the mutants change.
 */
import { readFileSync } from 'node:fs';
import { expect, test } from 'vitest';
import { KERNEL_BYTES_MODULE, assembleKernel, kernelBytesModule } from '../../scripts/wasm/build.ts';

test('the committed module is the text npm run build:wasm writes for multisetKernel.wat (both variants)', async () => {
  const bytes = await assembleKernel(), sharedBytes = await assembleKernel(undefined, true);
  expect(readFileSync(KERNEL_BYTES_MODULE, 'utf8')).toBe(kernelBytesModule(bytes, sharedBytes));
});
