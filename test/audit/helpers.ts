/** Copy data/published to a temp dir, applying `edits[file](text) => text`. */
import { cpSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { DEFAULT_PUBLISHED_DIR } from '../../kernel-lib/published/index.ts';

export function editedPublished(edits: Record<string, (text: string) => string>): string {
  const dir = mkdtempSync(join(tmpdir(), 'j2g-pub-'));
  cpSync(DEFAULT_PUBLISHED_DIR, dir, { recursive: true });
  for (const [file, edit] of Object.entries(edits)) {
    const path = join(dir, file);
    let text = '';
    try { text = readFileSync(path, 'utf8'); } catch { /* new file */ }
    writeFileSync(path, edit(text));
  }
  return dir;
}

/** Replace one exact line of a CSV text, failing loudly when it is not there. */
export function replaceLine(from: string, to: string): (text: string) => string {
  return (text) => {
    if (!text.includes(`${from}\n`)) throw new Error(`line not found: ${from}`);
    return text.replace(`${from}\n`, `${to}\n`);
  };
}
