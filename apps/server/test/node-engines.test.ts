import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import semver from 'semver';
import { describe, expect, it } from 'vitest';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../..');
const readJson = (file: string) =>
  JSON.parse(fs.readFileSync(path.join(root, file), 'utf8')) as Record<string, unknown>;

interface LockedPackage {
  version?: string;
  engines?: { node?: string } | string[];
}

describe('Node version', () => {
  const declared = (readJson('package.json').engines as { node: string }).node;
  const oldest = semver.minVersion(declared)!;

  it('is declared as a range whose oldest version is Node 20', () => {
    expect(oldest.major).toBe(20);
  });

  // npm warns EBADENGINE on every install when a locked package needs a newer Node than ours.
  it('is enough for every locked package', () => {
    const packages = readJson('package-lock.json').packages as Record<string, LockedPackage>;
    const needNewer = Object.entries(packages)
      .filter(([name, entry]) => name && entry.engines && !Array.isArray(entry.engines))
      .map(([name, entry]) => ({ name, node: (entry.engines as { node?: string }).node }))
      .filter(({ node }) => node && !semver.satisfies(oldest, node));
    expect(needNewer).toEqual([]);
  });
});
