import { SCOPES } from '../../auth/caller';
import { requireFlag, type AdminCommand } from '../command';

export const createApiKey: AdminCommand = {
  name: 'create-api-key',
  summary: 'Creates a service API key for the user (created if needed); the secret is printed only this once.',
  options: [
    { name: 'email', value: 'E', required: true, description: "The key owner's e-mail." },
    { name: 'scopes', value: SCOPES.join(','), required: false, description: `Comma-separated scopes, among: ${SCOPES.join(', ')}. None by default.` },
    { name: 'label', value: 'L', required: false, description: 'A label shown when keys are listed.' },
  ],
  run: async (flags, core) => {
    const user = await core.services.users.findOrCreateByEmail(requireFlag(flags, 'email'));
    const scopes = flags.scopes
      ? flags.scopes
          .split(',')
          .map((scope) => scope.trim())
          .filter((scope) => scope.length > 0)
      : [];
    const created = await core.services.apiKeys.create(user.id, { label: flags.label, scopes });
    const printed = { api_key: created.api_key, api_secret: created.api_secret, scopes: created.scopes };
    // A key made without scopes cannot manage webhooks; say so where the operator looks, without a second document.
    if (flags.scopes === undefined) {
      return { ...printed, available_scopes: [...SCOPES], note: `no --scopes given: this key has none; valid scopes are ${SCOPES.join(', ')}` };
    }
    return printed;
  },
};
