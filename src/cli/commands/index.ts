import type { AdminCommand } from '../command';

/** Every operator command; each feature adds its own module here. */
export const ADMIN_COMMANDS: AdminCommand[] = [];
