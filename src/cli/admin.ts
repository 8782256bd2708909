import 'reflect-metadata';
import { runAdmin } from './admin-cli';

// The admin CLI (`npm run --silent admin -- <command> ...`): see src/cli/admin-cli.ts.
void runAdmin(process.argv.slice(2), process).then((code) => process.exit(code));
