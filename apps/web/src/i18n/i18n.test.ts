import { describe, expect, it } from 'vitest';
import de from './de.json';
import en from './en.json';
import fr from './fr.json';

type Tree = { [key: string]: string | Tree };

function flatten(tree: Tree, prefix = ''): Map<string, string> {
  const out = new Map<string, string>();
  for (const [key, value] of Object.entries(tree)) {
    const path = prefix ? `${prefix}.${key}` : key;
    if (typeof value === 'string') out.set(path, value);
    else for (const [k, v] of flatten(value, path)) out.set(k, v);
  }
  return out;
}

const languages = { en, de, fr } as Record<string, Tree>;
const flat = Object.fromEntries(Object.entries(languages).map(([k, v]) => [k, flatten(v)]));
const allKeys = new Set(Object.values(flat).flatMap((m) => [...m.keys()]));

describe('translations', () => {
  for (const [lng, strings] of Object.entries(flat)) {
    it(`${lng} has every key, none empty`, () => {
      const missing = [...allKeys].filter((k) => !strings.has(k));
      const empty = [...strings].filter(([, v]) => v.trim() === '').map(([k]) => k);
      expect(missing).toEqual([]);
      expect(empty).toEqual([]);
    });
  }

  it('keeps the same {{placeholders}} in every language', () => {
    const placeholders = (s: string) => [...s.matchAll(/{{\s*(\w+)\s*}}/g)].map((m) => m[1]).sort();
    for (const key of allKeys) {
      const expected = placeholders(flat.en!.get(key) ?? '');
      for (const lng of ['de', 'fr']) {
        expect(placeholders(flat[lng]!.get(key) ?? ''), `${lng}:${key}`).toEqual(expected);
      }
    }
  });

  it('has the specification texts in English', () => {
    expect(flat.en!.get('notFound.title')).toBe('404 Page Not Found');
    expect(flat.en!.get('landing.cta.trusted')).toBe('Trusted by 10,000+ creators');
    expect(flat.en!.get('toast.emailVerified.title')).toBe('Email Verified!');
  });
});
