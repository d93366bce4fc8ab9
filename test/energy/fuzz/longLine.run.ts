/**
 * usage: node --import tsx test/energy/fuzz/longLine.run.ts DIR  => JSON {maxRssMB, skipped, energyMJ}
 * Ingests the trace in DIR (test/energy/traceMemory.test.ts writes one with a 256 MiB line) and reports
 * this process's peak resident memory, so that the test can hold the reader to its stated bound.
 */
import { energyRuns } from '../../../kernel-lib/energy/index.ts';
import { onWarning } from '../../../kernel-lib/warn.ts';

onWarning(null);
const { rows, summary } = energyRuns(process.argv[2]);
process.stdout.write(JSON.stringify({ maxRssMB: process.resourceUsage().maxRSS / 1024, skipped: summary.skipped_lines.map((k) => `${k.line}: ${k.message}`), energyMJ: Number(rows[0].energy_mj) }));
