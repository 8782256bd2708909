import type { Core } from '../service';

/** One `--name value` flag of an admin command, as `--help` lists it. */
export interface AdminOption {
  name: string;
  /** What the value looks like (`E`, `basic|standard|pro`); absent for a flag without a value. */
  value?: string;
  required: boolean;
  description: string;
}

/** An operator command of `npm run admin -- <name>`: prints one JSON document on stdout (contract §1). */
export interface AdminCommand {
  name: string;
  summary: string;
  options: AdminOption[];
  run(args: Record<string, string>, core: Core): Promise<unknown>;
}

export class UsageError extends Error {}

/** `create-api-key --email E [--scopes S]`, built from the options so it cannot disagree with them. */
export function usageOf(command: AdminCommand): string {
  const options = command.options.map((option) => {
    const flag = option.value ? `--${option.name} ${option.value}` : `--${option.name}`;
    return option.required ? flag : `[${flag}]`;
  });
  return [command.name, ...options].join(' ');
}

/** `--email a@b --days 3` → `{ email: 'a@b', days: '3' }`. */
export function parseFlags(argv: string[]): Record<string, string> {
  const flags: Record<string, string> = {};
  const rest = [...argv];
  for (let arg = rest.shift(); arg !== undefined; arg = rest.shift()) {
    if (!arg.startsWith('--')) throw new UsageError(`unexpected argument "${arg}"`);
    const [name = '', inline] = arg.slice(2).split('=', 2);
    const next = rest[0];
    if (inline !== undefined) flags[name] = inline;
    else if (next !== undefined && !next.startsWith('--')) {
      flags[name] = next;
      rest.shift();
    } else flags[name] = 'true';
  }
  return flags;
}

export function requireFlag(flags: Record<string, string>, name: string): string {
  const value = flags[name];
  if (value === undefined || value === 'true') throw new UsageError(`--${name} is required`);
  return value;
}
