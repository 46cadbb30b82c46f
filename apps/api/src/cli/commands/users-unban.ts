import { findUser } from '../../modules/admin/users.repo.ts';
import { unbanUser } from '../../modules/admin/users.service.ts';
import { defineCommand, positionalArgs, UsageError } from '../command.ts';

export default defineCommand({
  name: 'users unban',
  summary: 'Lifts a ban; the user signs in again.',
  usage: ['<email>'],
  options: {},
  parse(args) {
    const [email] = positionalArgs(args, ['email']);
    return { email: email! };
  },
  async run(ctx, { email }) {
    const user = await findUser(ctx.db, email);
    if (!user) throw new UsageError(`no user with e-mail "${email}"`);
    if (!user.banned) {
      ctx.out(`${user.email} is not banned`);
      return 0;
    }
    await unbanUser(ctx.db, user.id);
    ctx.out(`${user.email} unbanned`);
    return 0;
  },
});
