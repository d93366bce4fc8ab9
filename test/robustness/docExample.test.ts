/**
 * docs/robustness.md's worked example equals a fresh run: the block between its GENERATED markers is
 * what scripts/docs-robustness.ts writes from the multiverse, leave-out and budget of the reconstructed
 * dataset (kernel-lib/robustness/docExample.ts), byte for byte. Every number there comes from that run.
 */
import { describe, expect, test } from 'vitest';
import { readFileSync } from 'node:fs';
import { exampleBlock } from '../../scripts/docs-robustness.ts';
import { GENERATED_END, GENERATED_START, generatedBlock, replaceGenerated } from '../../kernel-lib/robustness/docExample.ts';

const DOC = new URL('../../docs/robustness.md', import.meta.url).pathname;

describe('docs/robustness.md', () => {
  test('its example is the fresh run\'s, byte for byte', () => {
    expect(generatedBlock(readFileSync(DOC, 'utf8'))).toBe(exampleBlock());
  }, 300_000);
  test('the block is replaced between its markers only; a document without them is refused', () => {
    const doc = `a\n${GENERATED_START}\nold\n${GENERATED_END}\nb\n`;
    expect(replaceGenerated(doc, 'new\n')).toBe(`a\n${GENERATED_START}\nnew\n${GENERATED_END}\nb\n`);
    expect(generatedBlock(replaceGenerated(doc, 'new\n'))).toBe('new\n');
    expect(() => replaceGenerated('no markers', 'x')).toThrow('the document has no single');
  });
});
