// `npm run dev`: the API with --watch on PORT (default 3000) and the Vite dev server on PORT + 1, which
// proxies the API paths to it. Open http://localhost:<PORT + 1>. Stopping one stops both.
import { type ChildProcess, spawn } from 'node:child_process';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';

const ROOT = fileURLToPath(new URL('..', import.meta.url));
const apiPort = Number(process.env.PORT || 3000);
const webPort = apiPort + 1;

const children: ChildProcess[] = [];
let exiting = false;

function stopAll(code: number) {
  if (exiting) return;
  exiting = true;
  for (const child of children) if (child.exitCode === null) child.kill('SIGTERM');
  process.exitCode = code;
}

function start(name: string, args: string[], cwd: string, env: NodeJS.ProcessEnv) {
  const child = spawn(process.execPath, args, { cwd, env: { ...process.env, ...env }, stdio: 'inherit' });
  child.on('exit', (code, signal) => {
    if (!exiting) console.error(`${name} exited (${signal ?? code}); stopping the other one`);
    stopAll(code ?? 1);
  });
  children.push(child);
}

start('api', ['--watch', 'apps/api/src/server.ts'], ROOT, {
  PORT: String(apiPort),
  // Links in mails and better-auth's origin check must name the address the browser uses: the dev server.
  PUBLIC_URL: process.env.PUBLIC_URL || `http://localhost:${webPort}`,
  NODE_ENV: process.env.NODE_ENV || 'development',
  // The only switch that trusts the dev server's origin for cookie-authenticated calls (trusted-origins.ts).
  DEV_WEB_ORIGIN: `http://localhost:${webPort}`,
});
// apps/web/vite.config.ts reads PORT as the API's port: it proxies /v1, /api and /healthz there.
start(
  'web',
  [join(ROOT, 'node_modules', 'vite', 'bin', 'vite.js'), '--port', String(webPort), '--strictPort'],
  join(ROOT, 'apps', 'web'),
  {
    PORT: String(apiPort),
  },
);

for (const signal of ['SIGINT', 'SIGTERM'] as const) process.on(signal, () => stopAll(0));
