import type { ClauseReport } from '@image-lab/contract';

/** The translate function of react-i18next, as far as the wording needs it. */
export type Translate = (key: string, options?: Record<string, unknown>) => string;

/** One clause of a prompt as the person reads it under the result. */
export interface WordedClause {
  done: boolean;
  /** The clause as typed. */
  quote: string;
  /** What was done and where, or why not. */
  outcome: string;
  /** For a clause not done: what would do it. */
  hint?: string;
  /** A recolour's colour, shown as a swatch. */
  swatch?: string;
}

const K = 'editor.report';

/** Parts of the picture the engine names in reports: detector labels and region kinds. */
const KNOWN_TARGETS = new Set([
  'couch',
  'chair',
  'bed',
  'dining table',
  'tv',
  'potted plant',
  'vase',
  'clock',
  'bench',
  'person',
  'car',
  'truck',
  'bicycle',
  'motorcycle',
  'dog',
  'cat',
  'bird',
  'bottle',
  'cup',
  'laptop',
  'book',
  'umbrella',
  'suitcase',
  'backpack',
  'handbag',
  'toilet',
  'sink',
  'refrigerator',
  'sky',
  'background',
  'face',
  'skin',
  'text',
  'plate',
  'walls',
  'floor',
  'selection',
  'furniture',
]);

/** "couch" → "Sofa"; "2×chair" → "Stuhl (2)"; anything else → "the object" in that language. */
export function wordTarget(t: Translate, target: unknown): string {
  const text = String(target ?? '');
  const [count, label] = text.includes('×') ? text.split('×', 2) : ['', text];
  const known = KNOWN_TARGETS.has(label!) ? label!.replace(/ /g, '-') : 'object';
  const noun = t(`${K}.targets.${known}`);
  return count ? t(`${K}.counted`, { noun, count: Number(count) }) : noun;
}

/**
 * The engine describes adjustments in English ("Brightness +30%, Warmer (20%)", see
 * describeOperation); each known form is reworded, anything else becomes "adjusted".
 */
const OPERATION_FORMS: ReadonlyArray<readonly [RegExp, string]> = [
  [/^Brightness (\S+)$/, 'brightness'],
  [/^Contrast (\S+)$/, 'contrast'],
  [/^Saturation (\S+)$/, 'saturation'],
  [/^Warmer \((\S+)\)$/, 'warmer'],
  [/^Cooler \((\S+)\)$/, 'cooler'],
  [/^Hue shifted by (\S+)$/, 'hue'],
  [/^Black and white$/, 'grayscale'],
  [/^Sepia$/, 'sepia'],
  [/^Blur \(radius (\S+)\)$/, 'blur'],
  [/^Sharpen \((\S+)\)$/, 'sharpen'],
  [/^Rotated (\S+) clockwise$/, 'rotate'],
  [/^Flipped (horizontal|vertical)ly$/, 'flip'],
  [/^Vignette \((\S+)\)$/, 'vignette'],
  [/^Film grain \((\S+)\)$/, 'grain'],
  [/^Background colour (\S+)/, 'background'],
  [/^Cropped to (\S+)$/, 'crop'],
  [/^(.+) look$/, 'look'],
];

export function wordOperations(t: Translate, operations: unknown): string {
  const parts = String(operations ?? '')
    .split(', ')
    .filter(Boolean);
  const worded = parts.map((part) => {
    for (const [pattern, name] of OPERATION_FORMS) {
      const match = pattern.exec(part);
      if (!match) continue;
      let value = match[1] ?? '';
      if (name === 'flip') value = t(`${K}.ops.${value}`);
      if (name === 'look') {
        const id = value.toLowerCase().replace(/ /g, '-');
        value = t(`editor.presets.names.${id}`, { defaultValue: value });
      }
      return t(`${K}.ops.${name}`, { value });
    }
    return t(`${K}.ops.other`);
  });
  return worded.length > 0 ? worded.join(', ') : t(`${K}.ops.other`);
}

/** The engine names colours in English ("light blue"); the same colour in the person's words. */
export function wordColour(t: Translate, colour: unknown): string {
  const key = String(colour ?? '').replace(/ /g, '-');
  return t(`${K}.colours.${key || 'other'}`, { defaultValue: t(`${K}.colours.other`) });
}

const NOT_DONE = new Set([
  'not_understood',
  'not_found',
  'low_confidence',
  'no_local_source',
  'not_for_a_part',
  'too_large',
  'busy_background',
]);

/** A clause report in the person's language, from its code and parameters. */
export function wordClause(t: Translate, report: ClauseReport): WordedClause {
  const p = report.params ?? {};
  // A part the engine has no name for is called by the person's own words, quoted.
  const target =
    typeof p.words === 'string' ? t(`${K}.quoted`, { words: p.words }) : wordTarget(t, p.target);
  const base = { done: report.done, quote: report.text };
  switch (report.code) {
    case 'adjusted': {
      const operations = wordOperations(t, p.operations);
      return p.target
        ? { ...base, outcome: t(`${K}.adjustedPart`, { target, operations }) }
        : { ...base, outcome: t(`${K}.adjustedWhole`, { operations }) };
    }
    case 'recoloured':
      return {
        ...base,
        outcome: t(`${K}.recoloured`, { target, colour: wordColour(t, p.colour) }),
        swatch: typeof p.hex === 'string' ? p.hex : undefined,
      };
    case 'removed': {
      if (!p.kept) return { ...base, outcome: t(`${K}.removed`, { target }) };
      const kept = Number(p.kept);
      // Text keeps lines for their background or faint letters; objects for their size.
      if (p.keptWhy === 'busy_background' || p.keptWhy === 'low_confidence') {
        const why = t(`${K}.keptLines.${p.keptWhy}`);
        return { ...base, outcome: t(`${K}.removedSomeLines`, { target, kept, why }) };
      }
      return { ...base, outcome: t(`${K}.removedSome`, { target, kept }) };
    }
    case 'sky_restyled': {
      const look = t(`${K}.skyLooks.${String(p.look)}`, { defaultValue: t(`${K}.skyLooks.other`) });
      return { ...base, outcome: t(`${K}.skyRestyled`, { look }) };
    }
    case 'pixelated':
      return { ...base, outcome: t(`${K}.pixelated`, { target }) };
  }
  const code = NOT_DONE.has(report.code) ? report.code : 'not_understood';
  const outcome = t(`${K}.why.${code}`, { target });
  return { ...base, done: false, outcome, hint: t(`${K}.fix.${code}`, { target }) };
}
