import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { isPresetId, panelPresets } from '@image-lab/contract/catalogue';

// Maps keyed per preset are typed by the catalogue's id types, so a missing or extra key there
// fails the typecheck. What types cannot see: an id written as a string in a comparison or a
// request, and the names in the translations. This test reads those.
const ROOT = path.resolve(import.meta.dirname, '../../..');
const SOURCES = ['apps/server/src', 'apps/web/src', 'packages/engine/src', 'packages/contract/src'];

function sourceFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) return sourceFiles(full);
    return /\.tsx?$/.test(entry.name) && !/\.(test|spec)\.tsx?$/.test(entry.name) ? [full] : [];
  });
}

/** `preset === 'x'`, `preset !== 'x'`, `preset: 'x'`, `presetId = 'x'` and the like. */
const PRESET_LITERAL = /\bpreset(?:Id)?\s*(?:===|!==|:|=)\s*'([a-z0-9-]+)'/g;

describe('every preset id lives in the catalogue', () => {
  it('no source compares or sends a preset id the catalogue lacks', () => {
    const strays: string[] = [];
    let seen = 0;
    for (const file of SOURCES.flatMap((dir) => sourceFiles(path.join(ROOT, dir)))) {
      for (const match of readFileSync(file, 'utf8').matchAll(PRESET_LITERAL)) {
        seen++;
        if (!isPresetId(match[1]!)) strays.push(`${path.relative(ROOT, file)}: ${match[0]}`);
      }
    }
    expect(seen).toBeGreaterThan(0);
    expect(strays).toEqual([]);
  });

  // The editor's other buttons share the names table with the presets.
  const TOOLS = [
    'remove-furniture',
    'remove-object',
    'image-to-video',
    'two-step-render',
    'upscale',
  ];

  for (const language of ['en', 'de', 'fr']) {
    it(`${language}: names every panel preset, and names nothing else but the tools`, () => {
      const file = path.join(ROOT, `apps/web/src/i18n/${language}.json`);
      const names = JSON.parse(readFileSync(file, 'utf8')).editor.presets.names as object;
      const keys = Object.keys(names);
      const { styles, car, other } = panelPresets();
      expect([...styles, ...car, ...other].filter((id) => !keys.includes(id))).toEqual([]);
      expect(keys.filter((key) => !isPresetId(key) && !TOOLS.includes(key))).toEqual([]);
    });
  }
});
