import { spawn, execFile, type ChildProcess } from 'node:child_process';
import { chmod, mkdtemp, readFile, rm, symlink } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';

const ROOT = path.resolve(__dirname, '../..');

/** The fenced `sh` blocks of the README's quickstart section, as written. */
async function quickstartBlocks(): Promise<string[][]> {
  const readme = await readFile(path.join(ROOT, 'README.md'), 'utf8');
  const start = readme.indexOf('## Quickstart');
  const section = readme.slice(start, readme.indexOf('\n## ', start + 1));
  return [...section.matchAll(/```sh\n([\s\S]*?)```/g)].map((match) => (match[1] ?? '').trim().split('\n'));
}

/** Starts `command` as a shell would and resolves once `marker` appears on its stdout. */
function startUntil(
  command: string,
  marker: string,
  options: { cwd: string; env: NodeJS.ProcessEnv },
  timeoutMs: number,
): Promise<{ child: ChildProcess; stdout: () => string }> {
  const child = spawn('sh', ['-c', command], { ...options, detached: true });
  let stdout = '';
  let stderr = '';
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`no "${marker}" after ${timeoutMs} ms:\n${stdout}\n${stderr}`)), timeoutMs);
    child.stderr?.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
    child.stdout?.on('data', (chunk: Buffer) => {
      stdout += chunk.toString();
      if (stdout.split('\n').includes(marker)) {
        clearTimeout(timer);
        resolve({ child, stdout: () => stdout });
      }
    });
    child.once('exit', (code) => reject(new Error(`exited ${code} before "${marker}":\n${stdout}\n${stderr}`)));
  });
}

describe("the README's quickstart, run word for word as a new user would, offline", () => {
  let demo: ChildProcess | undefined;
  let workspace: string;
  let blocks: string[][];
  let demoOutput: string;

  beforeAll(async () => {
    blocks = await quickstartBlocks();
    // A new user's checkout: the commands run from a folder holding the repository's files and the demo's data.
    workspace = await mkdtemp(path.join(os.tmpdir(), 'quickstart-'));
    await chmod(workspace, 0o755); // the embedded PostgreSQL may run as another OS user (under root), who must reach .demo-data
    for (const entry of ['clients', 'samples']) await symlink(path.join(ROOT, entry), path.join(workspace, entry));
    // `npm install` has run already (it is what runs this test); PORT=0 keeps the run off any port a developer uses.
    const started = await startUntil(
      'npm run demo',
      'ready',
      { cwd: ROOT, env: { ...process.env, PORT: '0', DATA_DIR: path.join(workspace, '.demo-data'), LOG_LEVEL: 'warn' } },
      120_000,
    );
    demo = started.child;
    demoOutput = started.stdout();
  }, 130_000);

  afterAll(async () => {
    if (!demo?.pid) return;
    const exited = new Promise((resolve) => demo?.once('exit', resolve));
    process.kill(-demo.pid, 'SIGINT');
    await exited;
    await rm(workspace, { recursive: true, force: true });
  });

  it('starts with npm install and npm run demo, which prints the key, the secret, an app token, the dashboard URL and a done backtest', () => {
    expect(blocks[0]).toEqual(['npm install', 'npm run demo']);
    for (const label of ['API key', 'API secret', 'app token', 'dashboard', 'sample backtest']) expect(demoOutput).toContain(label);
    expect(demoOutput).toMatch(/sample backtest bt_[0-9a-f]+ done/);
  });

  it("the next blocks' commands all succeed in a second shell, and do what the text says", async () => {
    const commands = blocks.slice(1).flat();
    expect(commands[0]).toBe('source .demo-data/demo.env');
    const outputs: string[] = [];
    for (const command of commands.slice(1)) {
      const script = `set -e\nsource .demo-data/demo.env\n${command}`;
      const { stdout } = await promisify(execFile)('bash', ['-c', script], { cwd: workspace, env: { PATH: process.env.PATH, HOME: process.env.HOME } });
      outputs.push(stdout);
    }
    const answers = outputs.map((output) => JSON.parse(output) as Record<string, unknown>);
    expect(answers.map((answer) => Object.keys(answer).sort())).toEqual([
      ['api_key', 'api_secret', 'created_at', 'scopes'],
      ['api_key', 'label', 'scopes', 'user_id'],
      ['config', 'error', 'finished_at', 'id', 'progress', 'result', 'started_at', 'status', 'submitted_at'],
      ['data', 'next_cursor'],
      ['delivered', 'error', 'response_status', 'response_time_ms', 'test_event_id'],
    ]);
    const [, , created, listed, webhookTest] = answers as [unknown, unknown, { id: string }, { data: { id: string }[] }, { delivered: boolean }];
    expect(listed.data.map((job) => job.id)[0]).toBe(created.id);
    // Step 5: the demo's webhook reaches the demo's own receiver, offline.
    expect(webhookTest.delivered).toBe(true);
  });
});
