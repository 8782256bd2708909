import { requireFlag, type AdminCommand } from '../command';

export const grantPlan: AdminCommand = {
  name: 'grant-plan',
  usage: 'grant-plan --email E --plan basic|standard|pro --days N',
  summary: 'Creates the user if needed, sets the plan to end N days from now (0 ends it) and prints a new data key.',
  run: (flags, core) => core.services.plans.grant({ email: requireFlag(flags, 'email'), plan: requireFlag(flags, 'plan'), days: requireFlag(flags, 'days') }),
};
