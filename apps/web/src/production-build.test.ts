import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';

const webRoot = path.resolve(import.meta.dirname, '..');
const outDir = fs.mkdtempSync(path.join(os.tmpdir(), 'image-lab-web-build-'));

/** Strings only React's development builds contain. */
const DEVELOPMENT_REACT = ['jsxDEV', 'Each child in a list should have a unique'];

describe('the web build', () => {
  afterAll(() => fs.rmSync(outDir, { recursive: true, force: true }));

  it('is a production build even with NODE_ENV=development set (the README default)', () => {
    execFileSync('npx', ['vite', 'build', '--outDir', outDir, '--emptyOutDir'], {
      cwd: webRoot,
      env: { ...process.env, NODE_ENV: 'development' },
      stdio: 'pipe',
    });
    const scripts = fs
      .readdirSync(path.join(outDir, 'assets'))
      .filter((name) => name.endsWith('.js'))
      .map((name) => fs.readFileSync(path.join(outDir, 'assets', name), 'utf8'));
    expect(scripts.length).toBeGreaterThan(5);
    for (const marker of DEVELOPMENT_REACT) {
      expect(scripts.filter((body) => body.includes(marker))).toHaveLength(0);
    }
    // React's production build is there, so the check above looked at real React code.
    expect(scripts.some((body) => body.includes('react.transitional.element'))).toBe(true);
  }, 240_000);
});
