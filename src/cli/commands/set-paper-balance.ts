import { requireFlag, type AdminCommand } from '../command';

export const setPaperBalance: AdminCommand = {
  name: 'set-paper-balance',
  summary: 'Sets the paper (dry-run) balance of one asset for the user (created if needed); unset USDT balances are 10000.',
  options: [
    { name: 'email', value: 'E', required: true, description: "The user's e-mail." },
    { name: 'asset', value: 'USDT', required: true, description: 'The asset, e.g. USDT or USDC.' },
    { name: 'amount', value: '10000', required: true, description: 'A non-negative decimal.' },
  ],
  run: async (flags, core) => {
    const user = await core.services.users.findOrCreateByEmail(requireFlag(flags, 'email'));
    const balance = await core.services.paperBalances.set(user.id, { asset: requireFlag(flags, 'asset'), amount: requireFlag(flags, 'amount') });
    return { email: user.email, ...balance };
  },
};
