import type { PromptLanguage } from './text.ts';

interface NamedColour {
  hex: string;
  en: string[];
  de: string[];
  fr: string[];
}

/** Colour words of the three languages (normalised: no accents), multi-word names first. */
export const NAMED_COLOURS: readonly NamedColour[] = [
  {
    hex: '#9fc9ea',
    en: ['light blue', 'sky blue', 'baby blue'],
    de: ['hellblau', 'himmelblau'],
    fr: ['bleu clair', 'bleu ciel'],
  },
  {
    hex: '#1b2a4a',
    en: ['navy blue', 'navy', 'dark blue'],
    de: ['marineblau', 'dunkelblau'],
    fr: ['bleu marine', 'bleu fonce', 'marine'],
  },
  {
    hex: '#2f6b3a',
    en: ['dark green', 'forest green'],
    de: ['dunkelgrun', 'waldgrun'],
    fr: ['vert fonce', 'vert foret'],
  },
  {
    hex: '#a8d5a2',
    en: ['light green', 'mint green', 'mint'],
    de: ['hellgrun', 'mintgrun'],
    fr: ['vert clair', 'vert menthe'],
  },
  {
    hex: '#d9d9d9',
    en: ['light grey', 'light gray', 'silver'],
    de: ['hellgrau', 'silber', 'silbern'],
    fr: ['gris clair', 'argent', 'argente'],
  },
  {
    hex: '#3c3c3c',
    en: ['dark grey', 'dark gray', 'charcoal', 'anthracite'],
    de: ['dunkelgrau', 'anthrazit'],
    fr: ['gris fonce', 'anthracite'],
  },
  { hex: '#d62828', en: ['red'], de: ['rot'], fr: ['rouge'] },
  { hex: '#2a9d48', en: ['green'], de: ['grun'], fr: ['vert'] },
  { hex: '#1e5bd6', en: ['blue'], de: ['blau'], fr: ['bleu'] },
  { hex: '#ffffff', en: ['white'], de: ['weiss'], fr: ['blanc', 'blanche'] },
  { hex: '#111111', en: ['black'], de: ['schwarz'], fr: ['noir'] },
  { hex: '#808080', en: ['grey', 'gray'], de: ['grau'], fr: ['gris'] },
  { hex: '#f4d03f', en: ['yellow'], de: ['gelb'], fr: ['jaune'] },
  { hex: '#f28c28', en: ['orange'], de: ['orange', 'orangen'], fr: ['orange'] },
  { hex: '#f4a6c6', en: ['pink', 'rose'], de: ['rosa', 'pink'], fr: ['rose'] },
  {
    hex: '#7b3fa0',
    en: ['purple', 'violet', 'lilac'],
    de: ['lila', 'violett', 'flieder'],
    fr: ['violet', 'violette', 'pourpre', 'mauve'],
  },
  {
    hex: '#e8dcc4',
    en: ['beige', 'cream', 'sand'],
    de: ['beige', 'creme', 'sandfarben'],
    fr: ['beige', 'creme', 'sable'],
  },
  { hex: '#7a4e2d', en: ['brown'], de: ['braun'], fr: ['marron', 'brun', 'brune'] },
  {
    hex: '#30c5c0',
    en: ['turquoise', 'teal', 'cyan'],
    de: ['turkis', 'petrol', 'cyan'],
    fr: ['turquoise', 'bleu canard', 'cyan'],
  },
  {
    hex: '#d6249f',
    en: ['magenta', 'fuchsia'],
    de: ['magenta', 'fuchsia'],
    fr: ['magenta', 'fuchsia'],
  },
  { hex: '#d4a017', en: ['gold', 'golden'], de: ['gold', 'golden'], fr: ['or', 'dore'] },
];

// German and French adjectives take endings (roten, grüne, verte, bleues).
const ENDINGS: Record<PromptLanguage, string> = {
  en: '',
  de: '(?:e|en|er|es|em)?',
  fr: '(?:e|s|es)?',
};

const escape = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

const PATTERNS = NAMED_COLOURS.map((colour) => ({
  hex: colour.hex,
  name: colour.en[0]!,
  pattern: new RegExp(
    `\\b(?:${(['en', 'de', 'fr'] as const)
      .flatMap((language) => colour[language].map((name) => escape(name) + ENDINGS[language]))
      .join('|')})\\b`,
  ),
}));

export interface ColourMatch {
  hex: string;
  /** English name, for descriptions. */
  name: string;
  index: number;
  length: number;
}

/** The first colour word in a normalised text. */
export function findColour(normalized: string): ColourMatch | null {
  let best: ColourMatch | null = null;
  for (const { hex, name, pattern } of PATTERNS) {
    const match = pattern.exec(normalized);
    if (
      match &&
      (!best ||
        match.index < best.index ||
        (match.index === best.index && match[0].length > best.length))
    ) {
      best = { hex, name, index: match.index, length: match[0].length };
    }
  }
  return best;
}

/** Every colour word in a text, for palettes. */
export function findColours(normalized: string): ColourMatch[] {
  const found: ColourMatch[] = [];
  let rest = normalized;
  for (let guard = 0; guard < 8; guard++) {
    const match = findColour(rest);
    if (!match) break;
    found.push(match);
    rest =
      rest.slice(0, match.index) +
      ' '.repeat(match.length) +
      rest.slice(match.index + match.length);
  }
  return found;
}
