import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { EnvSchema } from './config.ts';

const readme = fs.readFileSync(
  path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../../../README.md'),
  'utf8',
);

/** The rows of the README's "## Configuration" table, as the variable names they mention. */
function documentedVariables(): Set<string> {
  const section = readme.split(/^## /m).find((part) => part.startsWith('Configuration'));
  if (!section) throw new Error('README.md has no "## Configuration" section');
  const names = new Set<string>();
  for (const line of section.split('\n')) {
    if (!line.startsWith('|')) continue;
    const firstCell = line.split('|')[1] ?? '';
    for (const match of firstCell.matchAll(/`([A-Z][A-Z0-9_]+)`/g)) names.add(match[1]!);
  }
  return names;
}

/** Rows that stand for a family of variables: `AI_PROVIDER_EDIT` … `AI_PROVIDER_ENHANCE_PROMPT`. */
function expandRanges(names: Set<string>): Set<string> {
  const all = new Set(names);
  for (const line of readme.split('\n')) {
    const range = /`([A-Z][A-Z0-9_]+)` … `([A-Z][A-Z0-9_]+)`/.exec(line.split('|')[1] ?? '');
    if (!range) continue;
    const prefix = commonPrefix(range[1]!, range[2]!);
    for (const key of Object.keys(EnvSchema.shape)) if (key.startsWith(prefix)) all.add(key);
  }
  return all;
}

function commonPrefix(a: string, b: string): string {
  let i = 0;
  while (i < a.length && a[i] === b[i]) i++;
  return a.slice(0, a.lastIndexOf('_', i) + 1);
}

/** Variables named in the other columns of a row (models, workflows) count as documented too. */
function mentionedInTable(): Set<string> {
  const section = readme.split(/^## /m).find((part) => part.startsWith('Configuration')) ?? '';
  return new Set([...section.matchAll(/`([A-Z][A-Z0-9_]+)`/g)].map((m) => m[1]!));
}

describe('README configuration table', () => {
  it('documents every variable the server reads', () => {
    const documented = expandRanges(new Set([...documentedVariables(), ...mentionedInTable()]));
    const missing = Object.keys(EnvSchema.shape).filter((key) => !documented.has(key));
    expect(missing).toEqual([]);
  });

  it('names no variable the server does not read', () => {
    const read = new Set(Object.keys(EnvSchema.shape));
    const testOnly = new Set(['TEST_DATABASE_URL']);
    const unknown = [...documentedVariables()].filter(
      (key) => !read.has(key) && !testOnly.has(key),
    );
    expect(unknown).toEqual([]);
  });
});
