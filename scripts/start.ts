// `npm start`: the whole portal on one port. Builds the web app for BRAND first, but only when what it is
// built from changed since its last build (scripts/web-build.ts), so a restart is instant; then runs the API
// server in this process. A production start (NODE_ENV=production) checks nothing of the sort on its way up:
// the deploy built the web app (`npm run build:brands`, or `npm run build` for one brand) and a restart must
// be ready in seconds (issue 30); without a build it serves the API only and says so in its log.
import { ensureWebBuild } from './web-build.ts';

const brand = process.env.BRAND || 'petention';

if (process.env.NODE_ENV !== 'production') {
  try {
    await ensureWebBuild(brand);
  } catch (error) {
    console.error((error as Error).message);
    process.exit(1);
  }
}

// In this process: the server owns SIGINT/SIGTERM handling and closes the database cleanly.
await import('../apps/api/src/server.ts');
