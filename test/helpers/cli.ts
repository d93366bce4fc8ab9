/**
 * Run `j2g` in-process (through kernel-lib/cli/main.ts) with console output captured; call
 * `vi.restoreAllMocks()` after each test (the helpers' `afterEach`).
 */
import { vi } from 'vitest';
import { main } from '../../kernel-lib/cli/main.ts';

export async function j2gInProcess(argv: string[]): Promise<{ code: number; out: string; err: string }> {
  const out: string[] = [];
  const err: string[] = [];
  vi.spyOn(console, 'log').mockImplementation((s: unknown) => void out.push(String(s)));
  vi.spyOn(console, 'error').mockImplementation((s: unknown) => void err.push(String(s)));
  const code = await main(argv);
  return { code, out: out.join('\n'), err: err.join('\n') };
}
