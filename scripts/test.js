// `npm test`: the static checks named by `--checks` (npm scripts: lint, which runs the type check too, and format) and the
// Jest suite, all at once, so the whole command stays within its time on 2 cores: Jest waits on timers,
// sockets and child processes for much of its run, and the checks use that idle CPU. Jest's output streams as
// it goes; each check's output is printed when the check ends, so lines never interleave. Exits non-zero when
// any of them fails. The other arguments go to Jest.
const { Buffer } = require('node:buffer');
const { spawn } = require('node:child_process');
const path = require('node:path');

const root = path.resolve(__dirname, '..');
const npm = process.platform === 'win32' ? 'npm.cmd' : 'npm';

/** Runs a check with its output held back; resolves with its exit code once the output is printed. */
function check(script) {
  return new Promise((resolve) => {
    const child = spawn(npm, ['run', '--silent', script], { cwd: root, stdio: ['ignore', 'pipe', 'pipe'] });
    const output = [];
    child.stdout.on('data', (chunk) => output.push(chunk));
    child.stderr.on('data', (chunk) => output.push(chunk));
    child.on('close', (code) => {
      process.stdout.write(`\n── npm run ${script}: ${code === 0 ? 'passed' : `FAILED (exit ${code})`}\n`);
      process.stdout.write(Buffer.concat(output));
      resolve(code ?? 1);
    });
  });
}

function jest(args) {
  return new Promise((resolve) => {
    const child = spawn(process.execPath, [require.resolve('jest/bin/jest'), ...args], { cwd: root, stdio: 'inherit' });
    child.on('close', (code) => resolve(code ?? 1));
  });
}

const jestArguments = process.argv.slice(2);
const at = jestArguments.indexOf('--checks');
const checks = at === -1 ? [] : jestArguments.splice(at, 2)[1].split(',');

Promise.all([...checks.map(check), jest(jestArguments)]).then((codes) => {
  process.exitCode = codes.some((code) => code !== 0) ? 1 : 0;
});
