import 'reflect-metadata';
import { SCOPES } from '../auth/caller';
import { ConfigError, loadConfig } from '../config/config';
import { createLogger } from '../observability/logger';
import { openCore } from '../service';
import { parseFlags, usageOf, UsageError, type AdminCommand } from './command';
import { ADMIN_COMMANDS } from './commands';

function describe(command: AdminCommand) {
  return { name: command.name, usage: usageOf(command), summary: command.summary, options: command.options };
}

/** `--help` is one JSON document like every other answer, so scripts can read the commands, their options and the scopes. */
function help() {
  return {
    usage: 'npm run --silent admin -- <command> [--option value ...]',
    output: 'one JSON document on stdout; logs and errors on stderr',
    commands: ADMIN_COMMANDS.map(describe),
    scopes: [...SCOPES],
  };
}

function print(document: unknown): void {
  process.stdout.write(`${JSON.stringify(document)}\n`);
}

async function main(argv: string[]): Promise<number> {
  const [name, ...rest] = argv;
  if (!name || name === '--help' || name === '-h' || name === 'help') {
    print(help());
    return 0;
  }
  const command = ADMIN_COMMANDS.find((candidate) => candidate.name === name);
  if (!command) {
    process.stderr.write(`unknown command "${name}"; commands: ${ADMIN_COMMANDS.map((known) => known.name).join(', ')} (--help lists them)\n`);
    return 2;
  }
  const flags = parseFlags(rest);
  if (flags.help) {
    print(describe(command));
    return 0;
  }
  const config = loadConfig();
  const core = await openCore(config, createLogger(config.logLevel === 'info' ? 'warn' : config.logLevel, process.stderr));
  try {
    print(await command.run(flags, core));
    return 0;
  } finally {
    await core.stop();
  }
}

main(process.argv.slice(2)).then(
  (code) => process.exit(code),
  (error: unknown) => {
    if (error instanceof UsageError || error instanceof ConfigError) process.stderr.write(`${error.message}\n`);
    else process.stderr.write(`admin command failed: ${error instanceof Error ? error.message : String(error)}\n`);
    process.exit(error instanceof UsageError ? 2 : 1);
  },
);
