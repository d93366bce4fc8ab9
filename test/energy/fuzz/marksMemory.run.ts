/**
 * usage: node --max-old-space-size=MB --import tsx test/energy/fuzz/marksMemory.run.ts DIR
 *   => JSON {rssGrowthMB, runs, open, skipped}
 * Reads DIR/marks.csv with markWindows (test/energy/marksMemory.test.ts writes one) and reports how much
 * this process's peak resident memory grew over what it held before reading, so that the test can
 * hold the reader to its stated bytes of memory per byte of marks.
 */
import { markWindows } from '../../../kernel-lib/energy/markWindows.ts';

const before = process.memoryUsage().rss;
const { runs, skipped } = markWindows(process.argv[2], 0);
const rssGrowthMB = (process.resourceUsage().maxRSS * 1024 - before) / 2 ** 20;
process.stdout.write(JSON.stringify({
  rssGrowthMB,
  runs: runs.length,
  open: runs.filter((r) => r.reasons.has('unmatched-mark')).map((r) => r.id),
  skipped: skipped.map((k) => `${k.line}: ${k.message}`),
}));
