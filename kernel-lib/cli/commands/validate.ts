/**
 * `j2g validate --data DIR`: check a dataset against the recorded-data schema and print every
 * problem as `file:line: column: what was expected`, or a one-line summary when it is valid.
 */
import { parseArgs } from '../args.ts';
import { J2GError, ValidationError } from '../../errors.ts';
import { loadDataset } from '../../data/load.ts';
import { progressFor } from '../progress.ts';

export const summary = 'check a dataset directory against the recorded-data schema';
export const usage = `usage: j2g validate --data DIR

Prints every schema violation as file:line: column: what was expected and exits 1, or prints a
summary (rows per file, provenance, warnings) and exits 0.`;

export async function run(argv: string[]): Promise<number> {
  const args = parseArgs(argv, { values: ['data'] });
  if (!args.options.data) throw new J2GError('missing --data DIR');
  try {
    const ds = loadDataset(args.options.data, { progress: progressFor('validate', args.options.data) });
    for (const w of ds.warnings) console.error(`warning: ${w}`);
    const counts = (['occupations', 'sectors', 'tasks', 'systems', 'runs', 'judgments'] as const).map((k) => `${ds.rows[k].length} ${k}`);
    console.log(`${args.options.data}: valid (${ds.manifest.provenance}, ${ds.manifest.energy_boundary} boundary): ${counts.join(', ')}`);
    return 0;
  } catch (e) {
    if (e instanceof ValidationError) {
      console.error(e.message);
      return 1;
    }
    throw e;
  }
}
