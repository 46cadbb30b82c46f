// `npm run admin -- <command>`: the operator's command line (cli/run-admin.ts; commands in cli/commands/).
import { runAdmin } from './run-admin.ts';

process.exitCode = await runAdmin(process.argv.slice(2), { stdout: process.stdout, stderr: process.stderr });
