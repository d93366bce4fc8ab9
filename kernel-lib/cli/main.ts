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
  qaij: () => import('./commands/qaij.ts'),
  gdpval: () => import('./commands/gdpval.ts'),
};

async function help(): Promise<string> {
  const lines = ['usage: j2g <command> [options]', '', 'commands:'];
  for (const [name, load] of Object.entries(COMMANDS)) {
    try {
      const c = await load();
      lines.push(`  ${name.padEnd(10)} ${c.summary}`);
    } catch {
      lines.push(`  ${name.padEnd(10)} (not available in this checkout)`);
    }
  }
  lines.push('', 'j2g <command> --help shows the options of one command');
  return lines.join('\n');
}

export async function main(argv: string[]): Promise<number> {
  const [name, ...rest] = argv;
  if (!name || name === '--help' || name === '-h' || name === 'help') {
    console.log(await help());
    return name ? 0 : 2;
  }
  const load = COMMANDS[name];
  if (!load) {
    console.error(`j2g: unknown command ${name}\n\n${await help()}`);
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
