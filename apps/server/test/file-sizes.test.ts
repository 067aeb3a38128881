import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../..');
/** Where the hand-written TypeScript lives (builds, dependencies and data files are not). */
const FOLDERS = ['apps/server/src', 'apps/server/test', 'apps/web/src', 'packages', 'bench', 'e2e'];
const SKIP = new Set(['node_modules', 'dist', 'dist-ssr', 'out', 'fixtures']);
const MAX_LINES = 300;

const codeFiles = (dir: string): string[] =>
  fs.readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) return SKIP.has(entry.name) ? [] : codeFiles(full);
    return /\.(ts|tsx|mjs)$/.test(entry.name) && !entry.name.endsWith('.d.ts') ? [full] : [];
  });

describe('file sizes', () => {
  it(`keeps every hand-written source and test file under ${MAX_LINES} lines`, () => {
    const files = FOLDERS.flatMap((folder) => codeFiles(path.join(root, folder)));
    expect(files.length).toBeGreaterThan(500);
    const long = files
      .map((file) => ({
        file: path.relative(root, file),
        lines: fs.readFileSync(file, 'utf8').split('\n').length - 1,
      }))
      .filter(({ lines }) => lines > MAX_LINES);
    expect(long).toEqual([]);
  });
});
