import { execFile } from 'node:child_process';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { expect, test } from 'vitest';

// A first `npm install` on a fresh machine (its own Node 20 and npm 11, README) prints no warning that looks
// like an error: npm runs on the machine's Node, the portal on the Node 24 it installs (.npmrc).

const ROOT = join(dirname(fileURLToPath(import.meta.url)), '..');
const run = promisify(execFile);

/** The machine's own node and npm: the first on PATH that is not the project's node_modules/.bin. */
async function machineNpm(): Promise<{ node: string; npmCli: string }> {
  const path = (process.env.PATH ?? '').split(':').filter((dir) => !dir.includes('node_modules'));
  const env = { ...process.env, PATH: path.join(':') };
  const { stdout: node } = await run('sh', ['-c', 'command -v node'], { env });
  const { stdout: prefix } = await run(node.trim(), ['-e', 'process.stdout.write(process.execPath)'], {
    env,
  });
  const { stdout: npmCli } = await run('sh', ['-c', 'readlink -f "$(command -v npm)"'], { env });
  return { node: prefix.trim(), npmCli: npmCli.trim() };
}

test('npm install on the machine’s own Node prints no EBADENGINE (nor any other) warning', async () => {
  const { node, npmCli } = await machineNpm();
  const { stdout, stderr } = await run(
    node,
    [npmCli, 'install', '--dry-run', '--ignore-scripts', '--no-audit', '--no-fund', '--offline'],
    {
      cwd: ROOT,
      env: { ...process.env, PATH: `${dirname(node)}:/usr/bin:/bin` },
      maxBuffer: 16 * 1024 * 1024,
    },
  );
  const output = `${stdout}\n${stderr}`;
  expect(output).not.toContain('EBADENGINE');
  expect(output).not.toMatch(/npm warn/i);
}, 120_000);
