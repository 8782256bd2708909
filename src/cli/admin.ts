import 'reflect-metadata';
import { ConfigError, loadConfig } from '../config/config';
import { createLogger } from '../observability/logger';
import { openCore } from '../service';
import { parseFlags, UsageError } from './command';
import { ADMIN_COMMANDS } from './commands';

/** Operator commands: the result is one JSON document on stdout; logs go to stderr. */
function help(): string {
  const lines = ['Usage: npm run --silent admin -- <command> [--flag value ...]', '', 'Commands:'];
  for (const command of ADMIN_COMMANDS) lines.push(`  ${command.usage}`, `      ${command.summary}`);
  if (ADMIN_COMMANDS.length === 0) lines.push('  (none yet)');
  return lines.join('\n');
}

async function main(argv: string[]): Promise<number> {
  const [name, ...rest] = argv;
  if (!name || name === '--help' || name === '-h' || name === 'help') {
    process.stdout.write(`${help()}\n`);
    return 0;
  }
  const command = ADMIN_COMMANDS.find((candidate) => candidate.name === name);
  if (!command) {
    process.stderr.write(`unknown command "${name}"\n\n${help()}\n`);
    return 2;
  }
  const flags = parseFlags(rest);
  if (flags.help) {
    process.stdout.write(`${command.usage}\n    ${command.summary}\n`);
    return 0;
  }
  const config = loadConfig();
  const core = await openCore(config, createLogger(config.logLevel === 'info' ? 'warn' : config.logLevel, process.stderr));
  try {
    process.stdout.write(`${JSON.stringify(await command.run(flags, core))}\n`);
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
