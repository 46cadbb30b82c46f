import { findUser } from '../../modules/admin/users.repo.ts';
import { banUser } from '../../modules/admin/users.service.ts';
import { defineCommand, positionalArgs, stringArg, UsageError } from '../command.ts';

export default defineCommand({
  name: 'users ban',
  summary: 'Bans an account and ends all its sessions at once; sign-in then answers "access revoked".',
  usage: ['<email> [--reason <text>]'],
  options: { reason: { type: 'string' } },
  parse(args) {
    const [email] = positionalArgs(args, ['email']);
    return { email: email!, reason: stringArg(args, 'reason') ?? null };
  },
  async run(ctx, { email, reason }) {
    const user = await findUser(ctx.db, email);
    if (!user) throw new UsageError(`no user with e-mail "${email}"`);
    const { sessionsEnded } = await banUser(ctx.db, user.id, reason);
    ctx.out(`${user.email} banned${reason ? ` (${reason})` : ''}; ${sessionsEnded} sessions ended`);
    return 0;
  },
});
