import type { Credentials } from './api/credentials';
import type { MeQuery } from './graphql/generated';

/** The signed-in user and the credentials every view calls the API with. */
export interface Session {
  credentials: Credentials;
  user: MeQuery['me'];
}
