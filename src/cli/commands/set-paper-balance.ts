import { requireFlag, type AdminCommand } from '../command';

export const setPaperBalance: AdminCommand = {
  name: 'set-paper-balance',
  usage: 'set-paper-balance --email E --asset USDT --amount 10000',
  summary: 'Sets the paper (dry-run) balance of one asset for the user (created if needed); unset USDT balances are 10000.',
  run: async (flags, core) => {
    const user = await core.services.users.findOrCreateByEmail(requireFlag(flags, 'email'));
    const balance = await core.services.paperBalances.set(user.id, { asset: requireFlag(flags, 'asset'), amount: requireFlag(flags, 'amount') });
    return { email: user.email, ...balance };
  },
};
