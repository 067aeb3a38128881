import type { Position } from '../masks/choose-objects.ts';
import { FURNITURE_LABELS, type CocoLabel } from '../models/coco-labels.ts';
import { OBJECT_NAMES } from './remove-rules.ts';

/** A part of the picture a clause names, as a mask source can find it. */
export type MaskTarget =
  | {
      kind: 'object';
      labels: CocoLabel[];
      position?: Position;
      size?: 'biggest' | 'smallest';
      all?: boolean;
      count?: number;
      ordinal?: number;
    }
  | { kind: 'sky' | 'background' | 'person' | 'skin' | 'walls' | 'floor' }
  /**
   * Faces: "the faces" (plural) are all of them; "the face" is the biggest one, or the one
   * a position word points at ("the face on the left").
   */
  | { kind: 'face'; all?: boolean; position?: Position }
  /** Text anywhere; a plate is text on a detected vehicle. */
  | { kind: 'text' | 'plate' }
  /** What the person selected on the canvas (a click, a box, a brush, a mask). */
  | { kind: 'selection' };

export interface FoundTarget {
  target: MaskTarget;
  /** Where the words naming it are in the normalised clause (to blank them before the rules). */
  spans: Array<[number, number]>;
}

/** Regions named by a word (normalised: no accents), tried before object names. */
const REGIONS: ReadonlyArray<readonly [RegExp, MaskTarget['kind']]> = [
  [/\b(?:the )?(?:sky|skies|himmel|ciel|cieux)\b/, 'sky'],
  [/\b(?:the )?(?:background|backdrop|bg|hintergrund\w*|arriere plan|fond)\b/, 'background'],
  [/\b(?:the )?(?:faces?|gesicht\w*|visages?)\b/, 'face'],
  [/\b(?:the )?(?:skin|haut|peau|teint)\b/, 'skin'],
  // Before text: "the licence plate's text" is the plate's. A bare "plate" is a dish.
  [
    /\b(?:the )?(?:(?:licen[cs]e|number|registration|(?:car|truck|vehicle)(?:'?s)?) plates?|plates? (?:of|on) (?:the|a) (?:car|truck|vehicle)|(?:auto|nummern)?kennzeichen|nummernschild\w*|plaques? (?:d ?'?)?immatriculation|immatriculation)\b/,
    'plate',
  ],
  [
    /\b(?:the )?(?:text|texts|caption\w*|writing|lettering|letters|words|inscriptions?|watermarks?|schrift\w*|beschriftung\w*|aufschrift\w*|wasserzeichen|buchstaben|texte|textes|legende\w*|ecriture\w*|lettres|filigranes?)\b/,
    'text',
  ],
  [/\b(?:the )?(?:walls?|wand|wande|mur|murs)\b/, 'walls'],
  [/\b(?:the )?(?:floor\w*|boden|fussboden|sol|plancher|parquet)\b/, 'floor'],
];

const POSITIONS: ReadonlyArray<readonly [RegExp, Position]> = [
  [/\b(?:on the left|left|leftmost|links|linke\w*|a gauche|gauche)\b/, 'left'],
  [/\b(?:on the right|right|rightmost|rechts|rechte\w*|a droite|droite)\b/, 'right'],
  [
    /\b(?:in the middle|middle|centre|center|mitte|mittlere\w*|au milieu|milieu|centre)\b/,
    'middle',
  ],
  [/\b(?:in front|front|foreground|vorne|vordere\w*|vordergrund|devant|premier plan)\b/, 'front'],
  [/\b(?:at the back|back|behind|hinten|hintere\w*|au fond|derriere)\b/, 'back'],
  [/\b(?:at the top|top|upper|oben|obere\w*|en haut)\b/, 'top'],
  [/\b(?:at the bottom|bottom|lower|unten|untere\w*|en bas)\b/, 'bottom'],
];
const BIGGEST = /\b(?:biggest|largest|big|large|grosste\w*|grosse\w*|plus grand\w*|grand\w*)\b/;
const SMALLEST = /\b(?:smallest|small|little|kleinste\w*|kleine\w*|plus petit\w*|petit\w*)\b/;
const ALL =
  /\b(?:all|every|each|both|alle\w*|beide\w*|jede\w*|sämtliche|tous|toutes|les deux|chaque)\b/;
const NUMBER_WORDS: ReadonlyArray<readonly [RegExp, number]> = [
  [/\b(?:two|zwei|deux)\b/, 2],
  [/\b(?:three|drei|trois)\b/, 3],
];
const ORDINALS: ReadonlyArray<readonly [RegExp, number]> = [
  [/\b(?:first|1st|erste\w*|premier|premiere)\b/, 1],
  [/\b(?:second|2nd|zweite\w*|deuxieme|seconde?)\b/, 2],
  [/\b(?:third|3rd|dritte\w*|troisieme)\b/, 3],
];

const GERMAN_PLURALS =
  /^(?:stuhle|tische|pflanzen|banke|vasen|betten|hunde|katzen|flaschen|tassen|menschen|personen|frauen|kinder|manner|uhren|autos|fahrzeuge|sofas|sessel)$/;

function isPlural(word: string): boolean {
  if (word === 'people' || word === 'men' || word === 'women' || word === 'children') return true;
  if (GERMAN_PLURALS.test(word)) return word !== 'sessel';
  return /s$/.test(word) && !/(?:ss|us|is)$/.test(word);
}

function span(match: RegExpExecArray): [number, number] {
  return [match.index, match[0].length];
}

/** The words that pick one of several objects: position, size, all, a count or an ordinal. */
function objectModifiers(clause: string, spans: Array<[number, number]>) {
  const modifiers: Omit<Extract<MaskTarget, { kind: 'object' }>, 'kind' | 'labels'> = {};
  for (const [pattern, position] of POSITIONS) {
    const match = pattern.exec(clause);
    if (match) {
      modifiers.position = position;
      spans.push(span(match));
      break;
    }
  }
  const biggest = BIGGEST.exec(clause);
  const smallest = SMALLEST.exec(clause);
  if (biggest) modifiers.size = 'biggest';
  else if (smallest) modifiers.size = 'smallest';
  for (const match of [biggest, smallest]) if (match) spans.push(span(match));
  const all = ALL.exec(clause);
  if (all) {
    modifiers.all = true;
    spans.push(span(all));
  }
  for (const [pattern, count] of NUMBER_WORDS) {
    const match = pattern.exec(clause);
    if (match) {
      modifiers.count = count;
      spans.push(span(match));
    }
  }
  for (const [pattern, ordinal] of ORDINALS) {
    const match = pattern.exec(clause);
    if (match) {
      modifiers.ordinal = ordinal;
      spans.push(span(match));
    }
  }
  return modifiers;
}

/**
 * The part of the picture a normalised clause names ("the sofa on the left", "den Himmel",
 * "les deux chaises"), or null when it names none (then the clause is about the whole picture).
 */
export function findTarget(clause: string): FoundTarget | null {
  for (const [pattern, kind] of REGIONS) {
    const match = pattern.exec(clause);
    if (!match) continue;
    if (kind === 'face') return faceTarget(clause, match);
    return { target: { kind } as MaskTarget, spans: [span(match)] };
  }
  for (const [pattern, labels] of OBJECT_NAMES) {
    const match = pattern.exec(clause);
    if (!match) continue;
    const spans: Array<[number, number]> = [span(match)];
    // "The furniture", "die Möbel": a collective name means every piece of it.
    const plural = labels === FURNITURE_LABELS || isPlural(match[0].trim().split(' ').pop()!);
    const modifiers = objectModifiers(clause, spans);
    const target: MaskTarget = { kind: 'object', labels: [...labels], ...modifiers };
    if (plural && !modifiers.count && modifiers.ordinal === undefined && !modifiers.position) {
      target.all = true;
    }
    return { target, spans };
  }
  return null;
}

const FACE_PLURAL = /\b(?:faces|gesichter\w*|visages)\b/;

function faceTarget(clause: string, match: RegExpExecArray): FoundTarget {
  const spans: Array<[number, number]> = [span(match)];
  const { position, all } = objectModifiers(clause, spans);
  const target: MaskTarget = { kind: 'face' };
  if (all || FACE_PLURAL.test(match[0])) target.all = true;
  if (position) target.position = position;
  return { target, spans };
}

/** The clause with the target's words replaced by spaces (so "sky blue" is not read twice). */
export function withoutTarget(clause: string, found: FoundTarget): string {
  let out = clause;
  for (const [start, length] of found.spans) {
    out = out.slice(0, start) + ' '.repeat(length) + out.slice(start + length);
  }
  return out;
}
