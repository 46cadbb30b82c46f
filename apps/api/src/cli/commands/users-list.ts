import { countUsers, listUsers } from '../../modules/admin/users.repo.ts';
import { defineCommand, intArg, positionalArgs, table, yesNo } from '../command.ts';

export default defineCommand({
  name: 'users list',
  summary: 'Lists accounts, oldest first.',
  usage: [
    '[--limit <n>] [--offset <n>]',
    '--limit <n>   1 to 1000 (default 50)',
    '--offset <n>  accounts to skip (default 0)',
  ],
  options: { limit: { type: 'string' }, offset: { type: 'string' } },
  parse(args) {
    positionalArgs(args, []);
    return {
      limit: intArg(args, 'limit', 1, 1000) ?? 50,
      offset: intArg(args, 'offset', 0, 1_000_000_000) ?? 0,
    };
  },
  async run(ctx, { limit, offset }) {
    const [rows, total] = await Promise.all([listUsers(ctx.db, limit, offset), countUsers(ctx.db)]);
    if (rows.length > 0) {
      const lines = table([
        ['id', 'email', 'name', 'verified', 'banned', 'product', 'created'],
        ...rows.map((u) => [
          u.id,
          u.email,
          u.name,
          yesNo(u.emailVerified),
          yesNo(u.banned),
          u.productKey ?? '(default)',
          u.createdAt.toISOString(),
        ]),
      ]);
      for (const line of lines) ctx.out(line);
    }
    const to = offset + rows.length;
    ctx.out(
      rows.length
        ? `users ${offset + 1}-${to} of ${total}`
        : `no users at offset ${offset} (${total} in all)`,
    );
    return 0;
  },
});
