/**
 * `npm run reconstruct` is deterministic: generating again gives the committed files byte for byte
 * (the committed files are the previous run's output). Runs the generator once (about 30 s, most of it the calibration of the intervals), so it
 * is a file of its own.
 */
import { describe, expect, it } from 'vitest';
import { mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { onWarning } from '../../kernel-lib/warn.ts';
import { reconstruct } from '../../scripts/reconstruct.ts';

const DIR = fileURLToPath(new URL('../../data/recorded/joules-to-gdp-reconstructed/', import.meta.url));

describe('npm run reconstruct', () => {
  it('writes the committed bytes again', () => {
    onWarning(null);
    const out = mkdtempSync(join(tmpdir(), 'j2g-reconstruct-'));
    try {
      const { misses } = reconstruct(out);
      expect(misses).toBe(0);
      const committed = readdirSync(DIR).sort();
      expect(readdirSync(out).sort()).toEqual(committed);
      for (const f of committed) expect(readFileSync(join(out, f)).equals(readFileSync(join(DIR, f))), f).toBe(true);
    } finally {
      rmSync(out, { recursive: true, force: true });
    }
  }, 180_000);
});
