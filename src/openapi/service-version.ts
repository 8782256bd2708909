import { readFileSync } from 'node:fs';
import path from 'node:path';

/** The package version, read from package.json beside src/ (or dist/) so the build needs no JSON import. */
export const SERVICE_VERSION = (JSON.parse(readFileSync(path.resolve(__dirname, '..', '..', 'package.json'), 'utf8')) as { version: string }).version;
