import { requireFlag, type AdminCommand } from '../command';

export const grantPlan: AdminCommand = {
  name: 'grant-plan',
  summary: 'Creates the user if needed, sets the plan to end N days from now (0 ends it) and prints a new data key.',
  options: [
    { name: 'email', value: 'E', required: true, description: "The user's e-mail." },
    { name: 'plan', value: 'basic|standard|pro', required: true, description: 'The plan to grant.' },
    { name: 'days', value: 'N', required: true, description: 'Days from now until the plan ends; 0 ends it at once.' },
  ],
  run: (flags, core) => core.services.plans.grant({ email: requireFlag(flags, 'email'), plan: requireFlag(flags, 'plan'), days: requireFlag(flags, 'days') }),
};
