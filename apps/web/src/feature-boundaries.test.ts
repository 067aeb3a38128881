import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import {
  boundaryViolations,
  declaredLoops,
  FEATURE_IMPORTS,
  type SourceFile,
} from './feature-boundaries.ts';

const SRC = import.meta.dirname;

function sources(dir = SRC): SourceFile[] {
  return fs.readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) return sources(full);
    if (!/\.tsx?$/.test(entry.name)) return [];
    const relative = path.relative(SRC, full).split(path.sep).join('/');
    return [{ path: relative, text: fs.readFileSync(full, 'utf8') }];
  });
}

describe('feature boundaries', () => {
  const files = sources();

  it('every feature folder is declared, and only declared imports cross between them', () => {
    const folders = fs.readdirSync(path.join(SRC, 'features'), { withFileTypes: true });
    const declared = Object.keys(FEATURE_IMPORTS).sort();
    expect(
      folders
        .filter((f) => f.isDirectory())
        .map((f) => f.name)
        .sort(),
    ).toEqual(declared);
    expect(boundaryViolations(files)).toEqual([]);
  });

  it('the declared imports form no loop', () => {
    expect(declaredLoops()).toEqual([]);
    expect(declaredLoops({ a: ['b'], b: ['c'], c: ['a'] })).toEqual([
      ['a', 'b', 'c', 'a'],
      ['b', 'c', 'a', 'b'],
      ['c', 'a', 'b', 'c'],
    ]);
  });

  it('fails on a new import between features, and on shared code importing a feature', () => {
    const withNew = [
      ...files,
      { path: 'features/credits/peek.ts', text: "import { x } from '@/features/editor/api';" },
      { path: 'features/gallery/peek.ts', text: "import { y } from '../shell/AppShell';" },
      { path: 'lib/peek.ts', text: "export { z } from '@/features/auth/LoginPage';" },
      { path: 'features/newcomer/a.ts', text: "import { w } from './b';" },
    ];
    expect(boundaryViolations(withNew)).toEqual([
      "features/credits/peek.ts → features/editor/api ('credits' may not import 'editor')",
      "features/gallery/peek.ts → features/shell/AppShell ('gallery' may not import 'shell')",
      'lib/peek.ts → features/auth/LoginPage (shared code imports no feature)',
      "features/newcomer/a.ts: feature 'newcomer' is not declared",
    ]);
  });
});
