/**
 * `j2g`: every notebook computation as a scriptable command. Each subcommand lives in
 * `kernel-lib/cli/commands/<name>.ts` and exports `run(argv): Promise<number>` and `summary`.
 */
import { J2GError } from '../errors.ts';

type Command = { run: (argv: string[]) => Promise<number>; summary: string; usage: string };

// Subcommands are loaded lazily so that one command's dependencies never slow another.
const COMMANDS: Record<string, () => Promise<Command>> = {
  tables: () => import('./commands/tables.ts'),
  compare: () => import('./commands/compare.ts'),
  audit: () => import('./commands/audit.ts'),
  validate: () => import('./commands/validate.ts'),
  energy: () => import('./commands/energy.ts'),
  import: () => import('./commands/import.ts'),
  qaij: () => import('./commands/qaij.ts'),
  gdpval: () => import('./commands/gdpval.ts'),
  assemble: () => import('./commands/assemble.ts'),
  pack: () => import('./commands/pack.ts'),
  export: () => import('./commands/export.ts'),
  multiverse: () => import('./commands/multiverse.ts'),
};

/** Each command's one-line summary (loads every command: the compiled CLI records them at build time). */
export async function commandSummaries(): Promise<Record<string, string | null>> {
  const out: Record<string, string | null> = {};
  for (const [name, load] of Object.entries(COMMANDS)) out[name] = await load().then((c) => c.summary, () => null);
  return out;
}

async function help(summaries?: Record<string, string | null>): Promise<string> {
  // summaries recorded by the build are only trusted when they name exactly the commands of this source
  const known = summaries && Object.keys(summaries).join() === Object.keys(COMMANDS).join() ? summaries : await commandSummaries();
  const lines = ['usage: j2g <command> [options]', '', 'commands:'];
  for (const [name, summary] of Object.entries(known)) lines.push(`  ${name.padEnd(10)} ${summary ?? '(not available in this checkout)'}`);
  lines.push('', 'j2g <command> --help shows the options of one command');
  return lines.join('\n');
}

/**
 * Run `j2g argv`; the exit status. `options.summaries`: the commands' summaries, as recorded by the
 * compiled CLI's build (scripts/cli/build.mjs), so that `j2g --help` loads no command.
 */
export async function main(argv: string[], options: { summaries?: Record<string, string | null> } = {}): Promise<number> {
  const [name, ...rest] = argv;
  if (!name || name === '--help' || name === '-h' || name === 'help') {
    console.log(await help(options.summaries));
    return name ? 0 : 2;
  }
  const load = COMMANDS[name];
  if (!load) {
    const { suggestion } = await import('./args.ts');
    console.error(`j2g: unknown command ${name}${suggestion(name, Object.keys(COMMANDS))}\n\n${await help(options.summaries)}`);
    return 2;
  }
  const cmd = await load();
  if (rest.includes('--help') || rest.includes('-h')) {
    console.log(cmd.usage);
    return 0;
  }
  try {
    return await cmd.run(rest);
  } catch (e) {
    if (e instanceof J2GError) {
      console.error(`j2g ${name}: ${e.message}`);
      return 1;
    }
    throw e;
  }
}
