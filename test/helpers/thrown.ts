/**
 * What tslab prints for a notebook cell that throws: console.error(e), that is util.inspect of the error.
 * Warnings raised meanwhile are dropped; a call that does not throw fails the test.
 */
import { inspect } from 'node:util';
import { onWarning } from '../../kernel-lib/warn.ts';

export function inspectThrown(f: () => unknown): string {
  try {
    f();
  } catch (e) {
    return inspect(e);
  } finally {
    onWarning(null);
  }
  throw new Error('expected the call to throw');
}
