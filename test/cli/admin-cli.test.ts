import { execFile } from 'node:child_process';
import { mkdtemp } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { SCOPES } from '../../src/auth/caller';
import { runAdmin } from '../../src/cli/admin-cli';
import { ADMIN_COMMANDS } from '../../src/cli/commands';
import { request } from '../support/http';
import { capturedLines } from '../support/captured-output';
import { bearer } from '../support/identity';
import { startTestService, type TestService } from '../support/test-service';

const ROOT = path.resolve(__dirname, '../..');
const APP_JWT_SECRET = 'admin-cli-test-secret-of-at-least-32-characters';

interface HelpDocument {
  commands: { name: string; usage: string; summary: string; options: { name: string; required: boolean; description: string }[] }[];
  scopes: string[];
}

describe('the admin CLI answers in JSON, help included (npm run --silent admin -- ...)', () => {
  let service: TestService;
  let env: NodeJS.ProcessEnv;
  /** A command line run as the CLI runs it (`runAdmin`), in this process: rejects like `execFile` when it exits non-zero. */
  let admin: (...args: string[]) => Promise<{ stdout: string; stderr: string }>;

  beforeAll(async () => {
    service = await startTestService({ APP_JWT_SECRET });
    env = {
      ...process.env,
      DATABASE_URL: service.databaseUrl,
      DATA_DIR: await mkdtemp(path.join(os.tmpdir(), 'admin-cli-')),
      APP_JWT_SECRET,
      LOG_LEVEL: 'warn',
    };
    admin = async (...args) => {
      const [stdout, stderr] = [capturedLines(), capturedLines()];
      const code = await runAdmin(args, { stdout: stdout.stream, stderr: stderr.stream }, env);
      const output = { stdout: stdout.lines.join('\n'), stderr: stderr.lines.join('\n') };
      if (code !== 0) throw Object.assign(new Error(`admin ${args.join(' ')} exited ${code}`), { code, ...output });
      return output;
    };
  });
  afterAll(() => service.stop());

  it('--help, run as `npm run admin` runs it, prints one JSON document listing every command with its options, and every valid scope', async () => {
    const { stdout } = await promisify(execFile)(process.execPath, ['-r', './scripts/register-typescript.js', 'src/cli/admin.ts', '--help'], {
      cwd: ROOT,
      env,
    });
    expect(stdout.trim().split('\n')).toHaveLength(1);
    const help = JSON.parse(stdout) as HelpDocument;
    expect(help.scopes).toEqual([...SCOPES]);
    expect(help.commands.map((command) => command.name)).toEqual(ADMIN_COMMANDS.map((command) => command.name));
    expect(help.commands.map((command) => command.name)).toEqual(
      expect.arrayContaining(['grant-plan', 'create-api-key', 'create-app-token', 'set-paper-balance', 'import-series']),
    );
    const createKey = help.commands.find((command) => command.name === 'create-api-key');
    expect(createKey?.options.map((option) => [option.name, option.required])).toEqual([
      ['email', true],
      ['scopes', false],
      ['label', false],
    ]);
    expect(createKey?.usage).toBe('create-api-key --email E [--scopes webhooks:write] [--label L]');
  });

  it('create-api-key without --scopes makes a key with none and names the scopes that exist', async () => {
    const { stdout } = await admin('create-api-key', '--email', 'cli@example.com');
    const printed = JSON.parse(stdout) as Record<string, unknown>;
    expect(Object.keys(printed).sort()).toEqual(['api_key', 'api_secret', 'available_scopes', 'note', 'scopes']);
    expect(printed.api_key).toMatch(/^ak_[0-9a-f]{32}$/);
    expect(printed.api_secret).toMatch(/^[0-9a-f]{64}$/);
    expect(printed.scopes).toEqual([]);
    expect(printed.available_scopes).toEqual([...SCOPES]);
    expect(printed.note).toContain('webhooks:write');
  });

  it('create-app-token --email signs a user in offline: the token is a Bearer app token of the service', async () => {
    const { stdout } = await admin('create-app-token', '--email', 'Dev@Example.com');
    const printed = JSON.parse(stdout) as { access_token: string; token_type: string; user_id: number; email: string };
    expect(printed.token_type).toBe('bearer');
    expect(printed.email).toBe('dev@example.com');
    expect(printed.access_token.split('.')).toHaveLength(3);
    const created = await request(service.url, 'POST', '/account/api-keys', { json: { scopes: ['webhooks:write'] }, headers: bearer(printed.access_token) });
    expect(created.status).toBe(200);
    const listed = await request(service.url, 'GET', '/account/api-keys', { headers: bearer(printed.access_token) });
    expect((listed.body as { scopes: string[] }[]).map((key) => key.scopes)).toEqual([['webhooks:write']]);
  });

  it('an unknown command exits 2 with the command names on stderr and nothing on stdout', async () => {
    const failure = (await admin('make-coffee').catch((error: unknown) => error)) as { code: number; stdout: string; stderr: string };
    expect(failure.code).toBe(2);
    expect(failure.stdout).toBe('');
    expect(failure.stderr).toContain('create-app-token');
  });
});
