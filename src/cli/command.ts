import type { Core } from '../service';

/** An operator command of `npm run admin -- <name>`: prints one JSON document on stdout (contract §1). */
export interface AdminCommand {
  name: string;
  usage: string;
  summary: string;
  run(args: Record<string, string>, core: Core): Promise<unknown>;
}

export class UsageError extends Error {}

/** `--email a@b --days 3` → `{ email: 'a@b', days: '3' }`. */
export function parseFlags(argv: string[]): Record<string, string> {
  const flags: Record<string, string> = {};
  for (let index = 0; index < argv.length; index += 1) {
    const arg = argv[index];
    if (!arg.startsWith('--')) throw new UsageError(`unexpected argument "${arg}"`);
    const [name, inline] = arg.slice(2).split('=', 2);
    if (inline !== undefined) flags[name] = inline;
    else if (index + 1 < argv.length && !argv[index + 1].startsWith('--')) flags[name] = argv[(index += 1)];
    else flags[name] = 'true';
  }
  return flags;
}

export function requireFlag(flags: Record<string, string>, name: string): string {
  const value = flags[name];
  if (value === undefined || value === 'true') throw new UsageError(`--${name} is required`);
  return value;
}
