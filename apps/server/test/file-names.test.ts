import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

const source = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../src');

/**
 * One style for the server's file names: kebab-case words, and a dot only before the role of a
 * file that has one of these roles. A name like `billing.apply.ts` or `test.provider.ts` (a
 * production file named like a test) is refused.
 */
const ROLES = ['routes', 'service', 'repository', 'job', 'provider', 'sweeper'];
const NAME = new RegExp(`^[a-z0-9]+(-[a-z0-9]+)*(\\.(${ROLES.join('|')}))?(\\.test)?\\.ts$`);
const wellNamed = (name: string) => NAME.test(name) && !name.startsWith('test.');

const sourceFiles = (dir: string): string[] =>
  fs
    .readdirSync(dir, { withFileTypes: true })
    .flatMap((entry) =>
      entry.isDirectory() ? sourceFiles(path.join(dir, entry.name)) : [entry.name],
    )
    .filter((name) => name.endsWith('.ts'));

describe('server file names', () => {
  it('are kebab-case, with a dot only before a role', () => {
    const files = sourceFiles(source);
    expect(files.length).toBeGreaterThan(100);
    expect(files.filter((name) => !wellNamed(name))).toEqual([]);
  });

  it('tell a role file from a test and from a dotted word', () => {
    expect(['edit.job.ts', 'job-leases.ts', 'billing-plans.test.ts'].every(wellNamed)).toBe(true);
    expect(['billing.apply.ts', 'test.provider.ts', 'rooms.owner.ts'].some(wellNamed)).toBe(false);
  });
});
