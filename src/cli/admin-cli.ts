import type { Writable } from 'node:stream';
import { SCOPES } from '../auth/caller';
import { ConfigError, loadConfig } from '../config/config';
import { createLogger } from '../observability/logger';
import { openCore } from '../service';
import { parseFlags, usageOf, UsageError, type AdminCommand } from './command';
import { ADMIN_COMMANDS } from './commands';

/** Where a command line's answer (one JSON document) and its logs and errors go: the process's own streams, or a test's. */
export interface AdminStreams {
  stdout: Writable;
  stderr: Writable;
}

/** The exit codes: 0 done, 1 the command failed, 2 the command line is wrong. */
const FAILED = 1;
const USAGE = 2;

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

async function run(argv: string[], streams: AdminStreams, env: NodeJS.ProcessEnv | undefined): Promise<number> {
  const print = (document: unknown) => streams.stdout.write(`${JSON.stringify(document)}\n`);
  const [name, ...rest] = argv;
  if (!name || name === '--help' || name === '-h' || name === 'help') {
    print(help());
    return 0;
  }
  const command = ADMIN_COMMANDS.find((candidate) => candidate.name === name);
  if (!command) {
    streams.stderr.write(`unknown command "${name}"; commands: ${ADMIN_COMMANDS.map((known) => known.name).join(', ')} (--help lists them)\n`);
    return USAGE;
  }
  const flags = parseFlags(rest);
  if (flags.help) {
    print(describe(command));
    return 0;
  }
  const config = loadConfig(env);
  const core = await openCore(config, createLogger(config.logLevel === 'info' ? 'warn' : config.logLevel, streams.stderr));
  try {
    print(await command.run(flags, core));
    return 0;
  } finally {
    await core.stop();
  }
}

/**
 * Runs one admin command line (`npm run --silent admin -- <command> ...`) and answers its exit code; a failure is
 * one line on stderr, never a stack trace. The CLI's entry point (`admin.ts`) hands it the process's arguments
 * and streams, and the configuration comes from the process's environment (`loadConfig`); the tests call it in
 * their own process with an environment of their own, as starting the service's modules in a new process for
 * each command line costs about 1.5 s of CPU.
 */
export async function runAdmin(argv: string[], streams: AdminStreams, env?: NodeJS.ProcessEnv): Promise<number> {
  try {
    return await run(argv, streams, env);
  } catch (error: unknown) {
    if (error instanceof UsageError || error instanceof ConfigError) streams.stderr.write(`${error.message}\n`);
    else streams.stderr.write(`admin command failed: ${error instanceof Error ? error.message : String(error)}\n`);
    return error instanceof UsageError ? USAGE : FAILED;
  }
}
