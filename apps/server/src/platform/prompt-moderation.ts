import type { FastifyInstance } from 'fastify';
import { AppError } from './errors.ts';

/** The error catalogue's prompt refusal (working areas §8). */
export const CONTENT_NOT_ALLOWED_TITLE = 'Content Not Allowed';
export const CONTENT_NOT_ALLOWED =
  'Your prompt contains content that violates safety guidelines. Please try rephrasing your request with different words.';

/**
 * What asks for sexual content or gore (en, de, fr), matched on whole words after folding case,
 * accents and common digit-for-letter spellings: STEMS at the start of a word (any ending:
 * German and French inflect), WORDS whole. Deliberately narrow: a colour called 'nude', a bare
 * wall (fr 'mur nu') or 'gorgeous' must pass.
 */
const STEMS = [
  'porn',
  'nsfw',
  'nudit',
  'naked',
  'topless',
  'sexu',
  'erot',
  'genital',
  'penis',
  'vagina',
  'nipple',
  'undress',
  'decapit',
  'behead',
  'dismember',
  'mutil',
  'nackt',
  'entkleid',
  'enthaupt',
  'verstummel',
  'denude',
  'deshabill',
];
const WORDS = [
  'sex',
  'sexe',
  'nudes',
  'gore',
  'gory',
  'strip her',
  'strip him',
  'oben ohne',
  'seins nus',
];

const LEET: Record<string, string> = {
  '0': 'o',
  '1': 'i',
  '3': 'e',
  '4': 'a',
  '5': 's',
  '7': 't',
  '@': 'a',
  $: 's',
};

/** Lower case, no accents, leetspeak read as letters, every run of non-letters one space. */
export function foldPrompt(text: string): string {
  return ` ${text
    .normalize('NFKD')
    .replace(/\p{M}+/gu, '')
    .toLowerCase()
    .replace(/[0134357@$]/g, (c) => LEET[c] ?? c)
    .replace(/[^a-z]+/g, ' ')
    .trim()} `;
}

const PATTERNS = [...STEMS.map((stem) => ` ${stem}`), ...WORDS.map((word) => ` ${word} `)];

/** True when the prompt asks for what the safety guidelines refuse. */
export function promptBreaksGuidelines(prompt: string): boolean {
  const folded = foldPrompt(prompt);
  return PATTERNS.some((pattern) => folded.includes(pattern));
}

/**
 * Refuses a prompt before anything is stored or charged (edits, generation, video, prompt
 * enhancement). Off with MODERATION=false, like the image check.
 */
export function refuseUnsafePrompt(app: FastifyInstance, prompt: string | undefined): void {
  if (!prompt || !app.config.moderation.enabled) return;
  if (promptBreaksGuidelines(prompt)) {
    app.log.info('prompt refused by moderation');
    throw new AppError(422, 'content_not_allowed', CONTENT_NOT_ALLOWED, CONTENT_NOT_ALLOWED_TITLE);
  }
}
