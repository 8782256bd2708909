import { requireFlag, type AdminCommand } from '../command';

export const createApiKey: AdminCommand = {
  name: 'create-api-key',
  usage: 'create-api-key --email E [--scopes webhooks:write,...] [--label L]',
  summary: 'Creates a service API key for the user (created if needed); the secret is printed only this once.',
  run: async (flags, core) => {
    const user = await core.services.users.findOrCreateByEmail(requireFlag(flags, 'email'));
    const scopes = flags.scopes
      ? flags.scopes
          .split(',')
          .map((scope) => scope.trim())
          .filter((scope) => scope.length > 0)
      : [];
    const created = await core.services.apiKeys.create(user.id, { label: flags.label, scopes });
    return { api_key: created.api_key, api_secret: created.api_secret, scopes: created.scopes };
  },
};
