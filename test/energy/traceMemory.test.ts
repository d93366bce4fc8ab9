/**
 * Issue #23, bounded memory: a trace whose smi.csv holds a 256 MiB line (a hole of NUL bytes in a
 * sparse file, so no disk is used) is ingested in a child process whose peak resident memory must
 * stay under 400 MB: the reader keeps one 1 MiB chunk, never the line (before: its buffer doubled to
 * hold the line, 512 MiB here, and a 640 MB line crashed j2g energy at 1.5 GB).
 */
import { execFile } from 'node:child_process';
import { appendFileSync, readFileSync, statSync, truncateSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { describe, expect, it } from 'vitest';
import { powerSamples, writeTrace } from './traceFixture.ts';

const run = promisify(execFile);

describe('trace reader memory (#23)', () => {
  it('ingests a trace with a 256 MiB line under 400 MB of peak memory, the line skipped and listed', async () => {
    const dir = writeTrace({ gpus: ['GPU-a'], smi: powerSamples('GPU-a', 0, 4, 0.5, () => 100), marks: [{ t: 0, kind: 'run-start', id: 'r' }, { t: 4, kind: 'run-end', id: 'r' }] });
    const file = join(dir, 'smi.csv');
    const lines = readFileSync(file, 'utf8').split('\n');
    writeFileSync(file, lines.slice(0, 4).join('\n') + '\n');
    truncateSync(file, statSync(file).size + 256 * 2 ** 20); // line 5: 256 MiB of NUL bytes, a hole
    appendFileSync(file, '\n' + lines.slice(4).join('\n'));
    const { stdout } = await run(process.execPath, ['--import', 'tsx', 'test/energy/fuzz/longLine.run.ts', dir], { maxBuffer: 1 << 20 });
    const r = JSON.parse(stdout) as { maxRssMB: number; skipped: string[]; energyMJ: number };
    expect(r.skipped).toEqual([`5: line of ${256 * 2 ** 20} bytes or more, longer than the ${2 ** 20} bytes a trace line may have: not read`]);
    expect(r.energyMJ).toBeCloseTo(0.0004, 12); // oracle: 100 W over [0, 4] from the other samples
    expect(r.maxRssMB).toBeLessThan(400);
  }, 120000);
});
