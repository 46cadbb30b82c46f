import { findUser, markVerified } from '../../modules/admin/users.repo.ts';
import { defineCommand, positionalArgs, UsageError } from '../command.ts';

export default defineCommand({
  name: 'users verify',
  summary: "Marks an account's e-mail address as verified (when the mail never arrived).",
  usage: ['<email>'],
  options: {},
  parse(args) {
    const [email] = positionalArgs(args, ['email']);
    return { email: email! };
  },
  async run(ctx, { email }) {
    const user = await findUser(ctx.db, email);
    if (!user) throw new UsageError(`no user with e-mail "${email}"`);
    if (user.emailVerified) {
      ctx.out(`${user.email} is already verified`);
      return 0;
    }
    await markVerified(ctx.db, user.id);
    ctx.out(`${user.email} verified`);
    return 0;
  },
});
