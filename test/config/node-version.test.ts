import { readFileSync } from 'node:fs';
import path from 'node:path';
import semver from 'semver';

const ROOT = path.resolve(__dirname, '../..');
const manifest = JSON.parse(readFileSync(path.join(ROOT, 'package.json'), 'utf8')) as { engines: { node: string } };
const lock = JSON.parse(readFileSync(path.join(ROOT, 'package-lock.json'), 'utf8')) as { packages: Record<string, { engines?: { node?: string } | string[] }> };

describe('one Node version: the README, engines and every installed package agree', () => {
  const oldest = semver.minVersion(manifest.engines.node)?.version ?? '';

  it('the README names the oldest Node version engines allows', () => {
    expect(oldest).toBe('20.19.0');
    expect(readFileSync(path.join(ROOT, 'README.md'), 'utf8')).toContain('Node.js 20.19 or newer');
  });

  it('every package in the lockfile runs on that version, so npm install prints no EBADENGINE warning', () => {
    const refusing = Object.entries(lock.packages)
      .filter(([name]) => name.length > 0)
      .flatMap(([name, entry]) => {
        const range = entry.engines && !Array.isArray(entry.engines) ? entry.engines.node : undefined;
        return range && !semver.satisfies(oldest, range) ? [`${name} wants node ${range}`] : [];
      });
    expect(refusing).toEqual([]);
  });
});
