import type { CocoLabel } from '../models/coco-labels.ts';
import type { Operation } from '../operations/types.ts';
import { EFFECT_RULES, TONE_RULES } from './adjust-rules.ts';
import { findColour, type ColourMatch } from './colours.ts';
import { FRAME_RULES } from './frame-rules.ts';
import { LOOK_RULES } from './look-rules.ts';
import { namedPart } from './named-part.ts';
import { REMOVE, removalLabels } from './remove-rules.ts';
import type { Rule } from './rule.ts';
import { findTarget, withoutTarget, type MaskTarget } from './targets.ts';
import {
  isFiller,
  languageScores,
  normalizeText,
  splitClauses,
  type PromptLanguage,
} from './text.ts';

// Looks first: their names contain words that adjustments also use ("pop art", "white bg").
const RULES: readonly Rule[] = [...LOOK_RULES, ...EFFECT_RULES, ...FRAME_RULES, ...TONE_RULES];

const SMALLER =
  /\b(a (?:little |tiny )?bit|slightly|a little|a touch|somewhat|subtle\w*|gently|lightly|etwas|ein (?:bisschen|wenig)|bisschen|leicht|dezent\w*|minimal|un (?:peu|brin|poil)|legerement|subtilement|doucement)\b/;
const LARGER =
  /\b(very|much|a lot|way|really|strongly|significantly|extremely|heavily|dramatic\w*|viel|sehr|stark\w*|deutlich\w*|extrem\w*|wesentlich|kraftig|beaucoup|tres|fortement|nettement|vraiment|extremement|bien plus)\b/;

function intensityOf(clause: string): number {
  if (SMALLER.test(clause)) return 0.5;
  if (LARGER.test(clause)) return /\b(extrem\w*|extremely|extremement)\b/.test(clause) ? 2.5 : 1.8;
  return 1;
}

function percentOf(clause: string): number | undefined {
  const match = /\b(\d{1,3})\s?%/.exec(clause);
  return match ? Math.min(1, Number(match[1]) / 100) : undefined;
}

/** A stable seed from the prompt, so the same prompt gives the same grain. */
function seedOf(text: string): number {
  let hash = 2166136261;
  for (let i = 0; i < text.length; i++) hash = Math.imul(hash ^ text.charCodeAt(i), 16777619);
  return hash >>> 0;
}

const isText = (target: MaskTarget) => target.kind === 'text' || target.kind === 'plate';

const blank = (text: string, start: number, length: number) =>
  text.slice(0, start) + ' '.repeat(length) + text.slice(start + length);

export interface ClauseMatch {
  ruleId: string;
  language: PromptLanguage | 'any';
  operation: Operation;
}

export interface InterpretedClause {
  /** As written (trimmed). */
  text: string;
  matches: ClauseMatch[];
  /** Objects the clause asks to remove ("remove the chair"); its other words describe them. */
  removal?: CocoLabel[];
  /** The part of the picture the clause is about; without one it is about the whole picture. */
  target?: MaskTarget;
  /** "Make the sofa blue": the part takes this colour, keeping its shading and texture. */
  recolour?: ColourMatch;
  /** "Pixelate the faces". */
  pixelate?: boolean;
  /** "Replace the sky with a sunset", "make the sky dramatic". */
  skyLook?: SkyLook;
  /**
   * The words of a part the engine has no mask source for ("the lamp", "die Vorhänge"): the
   * clause is reported as not done rather than applied to the whole picture.
   */
  unfound?: string;
}

export type SkyLook = 'sunset' | 'dramatic' | 'clear' | 'night';

const PIXELATE =
  /\b(pixel\w*|verpixel\w*|pixellis\w*|anonymi\w*|censor\w*|zensier\w*|censur\w*|mosai\w*)\b/;
const SKY_LOOKS: ReadonlyArray<readonly [RegExp, SkyLook]> = [
  [
    /\b(sunset|golden hour|dusk|sonnenuntergang|abendrot|coucher (?:de|du) soleil|crepuscule)\b/,
    'sunset',
  ],
  [
    /\b(dramatic\w*|stormy|storm|moody|dramatisch\w*|gewitter\w*|sturm\w*|dramatique\w*|orageu\w*)\b/,
    'dramatic',
  ],
  [/\b(night|starry|nacht\w*|sternen\w*|nuit|etoile\w*)\b/, 'night'],
  [/\b(clear|sunny|blue sky|klar\w*|sonnig\w*|blau\w*|degage\w*|ensoleill\w*|bleu)\b/, 'clear'],
];

/** What a clause that names a part of the picture asks to do there. */
function partClause(
  text: string,
  normalized: string,
  rest: string,
  target: MaskTarget,
  seed: number,
): InterpretedClause {
  const clause: InterpretedClause = { text, matches: [], target };
  if (PIXELATE.test(rest)) return { ...clause, pixelate: true };
  if (target.kind === 'sky') {
    for (const [pattern, look] of SKY_LOOKS)
      if (pattern.test(rest)) return { ...clause, skyLook: look };
  }
  const matches = matchClause(rest, seed);
  // "Make the background white" puts the subject on a plain colour (the background rule).
  if (target.kind === 'background' && matches.length === 0 && findColour(rest)) {
    return { text, matches: matchClause(normalized, seed) };
  }
  const colour = findColour(rest);
  if (colour && matches.every((m) => m.ruleId.startsWith('warmth')))
    return { ...clause, recolour: colour };
  return { ...clause, matches };
}

export interface PromptAnalysis {
  clauses: InterpretedClause[];
  language: PromptLanguage;
}

function matchClause(normalized: string, seed: number): ClauseMatch[] {
  let clause = normalized;
  const intensity = intensityOf(clause);
  const percent = percentOf(clause);
  const matches: ClauseMatch[] = [];
  for (const rule of RULES) {
    // The longest of the rule's matches: "plus de contraste" is French, not English "contrast".
    let best: { language: PromptLanguage | 'any'; match: RegExpExecArray } | undefined;
    for (const [language, pattern] of rule.patterns) {
      const match = pattern.exec(clause);
      if (match && (!best || match[0].length > best.match[0].length)) best = { language, match };
    }
    if (!best) continue;
    const { language, match } = best;
    const operation = rule.build({ clause, match, intensity, percent, seed });
    if (!operation) continue;
    matches.push({ ruleId: rule.id, language, operation });
    clause = blank(clause, match.index, match[0].length);
    if (operation.kind === 'background') {
      const colour = findColour(clause);
      if (colour) clause = blank(clause, colour.index, colour.length);
    }
  }
  return matches;
}

function detectLanguage(prompt: string, clauses: InterpretedClause[]): PromptLanguage {
  const scores = languageScores(normalizeText(prompt));
  for (const clause of clauses) {
    for (const match of clause.matches) {
      if (match.language !== 'any') scores[match.language] += 2;
    }
  }
  let best: PromptLanguage = 'en';
  for (const language of ['de', 'fr'] as const)
    if (scores[language] > scores[best]) best = language;
  return best;
}

/** Each clause of the prompt with the operations found in it, and the prompt's language. */
export function analyzePrompt(prompt: string): PromptAnalysis {
  const seed = seedOf(prompt);
  /** Each part-naming clause without its part's words: what it asks of the part. */
  const rests = new Map<string, string>();
  const clauses = splitClauses(prompt)
    .filter((text) => !isFiller(normalizeText(text)))
    .map((text): InterpretedClause => {
      const normalized = normalizeText(text);
      const found = findTarget(normalized);
      // "Remove the text", "remove the car's licence plate": a removal of letters, not of a
      // detected object (the car stays).
      if (found && isText(found.target) && REMOVE.test(normalized)) {
        return { text, matches: [], removal: [], target: found.target };
      }
      const removal = removalLabels(normalized);
      if (removal) {
        const target: MaskTarget =
          found?.target.kind === 'object'
            ? { ...found.target, labels: removal }
            : { kind: 'object', labels: removal };
        return { text, matches: [], removal, target };
      }
      if (found) {
        rests.set(text, withoutTarget(normalized, found));
        return partClause(text, normalized, rests.get(text)!, found.target, seed);
      }
      const unfound = namedPart(text);
      if (unfound) return { text, matches: [], unfound };
      return { text, matches: matchClause(normalized, seed) };
    });
  shareRequests(clauses, rests, seed);
  return { clauses, language: detectLanguage(prompt, clauses) };
}

/**
 * Parts joined by "and" share what is asked of them: "make the sofa and the chair blue" (the
 * request comes after the last part) and "remove the sofa and the chair" / "brighten the sofa
 * and the chair" (it comes with the first).
 */
function shareRequests(
  clauses: InterpretedClause[],
  rests: ReadonlyMap<string, string>,
  seed: number,
) {
  const bare = (c: InterpretedClause | undefined) =>
    !!c?.target && !c.removal && !asksForSomething(c);
  for (let i = clauses.length - 2; i >= 0; i--) {
    const [part, next] = [clauses[i]!, clauses[i + 1]!];
    if (bare(part) && next.target && !next.removal && asksForSomething(next)) {
      const rest = rests.get(next.text) ?? '';
      clauses[i] = partClause(part.text, normalizeText(part.text), rest, part.target!, seed);
    }
  }
  for (let i = 1; i < clauses.length; i++) {
    const [before, part] = [clauses[i - 1]!, clauses[i]!];
    if (!bare(part) || !asksForSomething(before) || !before.target) continue;
    if (before.removal && part.target?.kind === 'object') {
      clauses[i] = { ...part, matches: [], removal: part.target.labels };
    } else if (!before.removal) {
      const rest = rests.get(before.text) ?? '';
      clauses[i] = partClause(part.text, normalizeText(part.text), rest, part.target!, seed);
    }
  }
}

/**
 * The clause applied to the person's selection instead of the whole picture ("make it blue"
 * with the sofa selected); a clause that names its own part keeps it, and "remove it" removes
 * what is selected.
 */
export function onSelection(clause: InterpretedClause, prompt: string): InterpretedClause {
  if (clause.target) return clause;
  const normalized = normalizeText(clause.text);
  const selection: MaskTarget = { kind: 'selection' };
  if (REMOVE.test(normalized))
    return { text: clause.text, matches: [], removal: [], target: selection };
  return partClause(clause.text, normalized, normalized, selection, seedOf(prompt));
}

/** Whether a clause asks for something (anywhere, or in a part of the picture). */
export const asksForSomething = (c: InterpretedClause) =>
  c.matches.length > 0 || !!c.removal || !!c.recolour || !!c.pixelate || !!c.skyLook;

export interface InterpretedPrompt {
  /** What the clauses about the whole picture ask, in order. */
  operations: Operation[];
  /** Clauses, as written, that the local engine cannot carry out ("add a dog"). */
  unsupported: string[];
  /** Objects to take out by detection and inpainting, with the clause that asked. */
  removals: Array<{ text: string; labels: CocoLabel[] }>;
  /** Clauses about a part of the picture ("make the sofa blue"): never applied to all of it. */
  parts: InterpretedClause[];
  language: PromptLanguage;
}

/**
 * Turns an instruction in English, German or French into image operations. Works clause by
 * clause; a clause with no known instruction is reported, never silently dropped.
 */
export function interpretPrompt(prompt: string): InterpretedPrompt {
  const { clauses, language } = analyzePrompt(prompt);
  return {
    operations: clauses
      .filter((clause) => !clause.target)
      .flatMap((clause) => clause.matches.map((match) => match.operation)),
    unsupported: clauses.filter((clause) => !asksForSomething(clause)).map((c) => c.text),
    removals: clauses.flatMap((c) =>
      c.removal?.length ? [{ text: c.text, labels: c.removal }] : [],
    ),
    parts: clauses.filter((clause) => clause.target && !clause.removal && asksForSomething(clause)),
    language,
  };
}
