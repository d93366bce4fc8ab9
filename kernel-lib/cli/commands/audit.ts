/**
 * `j2g audit`: check the paper's published numbers against each other and against the public
 * reference facts, with interval arithmetic over the printed rounding (no task-level data).
 */
import { parseArgs } from '../args.ts';
import { J2GError } from '../../errors.ts';
import { formatAuditReport, runAudit } from '../../audit/index.ts';

export const summary = 'check the paper\'s tables against each other and the public facts';

export const usage = `usage: j2g audit [--published DIR] [--reference DIR] [--failures-only]

Recomputes published numbers from other published numbers (each input +- half its last printed digit)
and from the reference facts, and prints each check with the published value, the recomputed range and
PASS, FAIL or KNOWN (listed in DIR/KNOWN_DISCREPANCIES.md under the id printed with each failure).
A published table with a row missing or added, or a malformed file, stops the audit with every problem
as file:line: column: what was expected. Exit status 0 when every check passes or is a known
discrepancy; 1 when a check fails that is not, when the input is malformed, or on a usage error.

  --published DIR    published tables (default: data/published)
  --reference DIR    reference facts (default: data/reference)
  --failures-only    print only checks that do not pass, and the count`;

export async function run(argv: string[]): Promise<number> {
  const args = parseArgs(argv, { values: ['published', 'reference'], flags: ['failures-only'] });
  if (args.positionals.length) throw new J2GError(`unexpected argument: ${args.positionals[0]}`);
  const report = runAudit({ publishedDir: args.options.published, referenceDir: args.options.reference });
  console.log(formatAuditReport(report, { failuresOnly: args.flags.has('failures-only') }));
  return report.failed > 0 ? 1 : 0;
}
