import { requireFlag, type AdminCommand } from '../command';

/**
 * Sign-in needs a real identity provider, which an offline developer does not
 * have; this issues the same app token the sign-in would, for the operator's
 * own development and tests. Anyone who can run admin commands can already
 * read the database and the JWT secret, so it grants nothing new.
 */
export const createAppToken: AdminCommand = {
  name: 'create-app-token',
  summary: 'Development sign-in without an identity provider: creates the user if needed and prints an app token (Bearer) for them.',
  options: [{ name: 'email', value: 'E', required: true, description: "The user's e-mail." }],
  run: async (flags, core) => {
    const { access_token, user } = await core.services.users.developmentSignIn(requireFlag(flags, 'email'));
    return { access_token, token_type: 'bearer', user_id: user.id, email: user.email };
  },
};
