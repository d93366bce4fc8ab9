/**
 * Seeded fuzz of power-log traces (#13): 400 one-line mutations of marks.csv, smi.csv and rapl.csv
 * (deleted, repeated, swapped, cut, garbled, invalid UTF-8, nvidia-smi error text, implausible values,
 * blank lines, headers, CRLF, byte-order mark, a half-written final line; #23: a second sample at
 * one instant with another value, a digit too many or too few in mono_ns), each checked against the
 * contract in test/energy/fuzz/traceFuzz.run.ts. It runs in a child process: hundreds of ingestions
 * would otherwise block this worker.
 */
import { execFile } from 'node:child_process';
import { promisify } from 'node:util';
import { describe, expect, it } from 'vitest';

const run = promisify(execFile);

describe('trace fuzz (#13)', () => {
  it('every mutation ends in an error naming file and line, the unmutated result, or flagged runs', async () => {
    const { stdout } = await run(process.execPath, ['--import', 'tsx', 'test/energy/fuzz/traceFuzz.run.ts', '13', '400'], { maxBuffer: 1 << 26 });
    const r = JSON.parse(stdout) as { cases: number; outcomes: Record<string, number>; byOp: Record<string, number>; violations: string[] };
    expect(r.violations).toEqual([]);
    expect(r.cases).toBe(400);
    // the suite exercises every kind of mutation and every outcome (a fuzz that only errors proves little)
    expect(Object.keys(r.byOp)).toHaveLength(15);
    for (const o of ['error', 'same', 'flagged']) expect(r.outcomes[o]).toBeGreaterThan(20);
  }, 120000);
});
