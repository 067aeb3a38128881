import type { ImageCategory } from './analyze-texts.ts';
import type { ImageStats } from './image-stats.ts';
import type { DetectedObject } from './models/object-detector.ts';
import type { PromptLanguage } from './prompt/text.ts';

const VEHICLES = new Set(['car', 'truck', 'bus', 'motorcycle']);
const FURNISHINGS = new Set([
  'couch',
  'chair',
  'bed',
  'dining table',
  'tv',
  'potted plant',
  'refrigerator',
  'oven',
  'microwave',
  'sink',
  'toilet',
  'clock',
  'vase',
]);
const OUTDOOR = new Set(['bird', 'boat', 'horse', 'sheep', 'cow', 'kite', 'airplane', 'train']);
const PRODUCTS = new Set([
  'bottle',
  'cup',
  'wine glass',
  'vase',
  'laptop',
  'cell phone',
  'book',
  'clock',
  'handbag',
  'backpack',
  'suitcase',
  'teddy bear',
  'bowl',
  'keyboard',
  'mouse',
]);

const areaOf = (o: DetectedObject) => (o.box.width * o.box.height) / 10_000;

/**
 * The category from what the detector found, weighed by how much of the frame each object
 * fills and how sure the detector is; null when the objects do not settle it. A person filling
 * the frame is a portrait, a person among furniture is a room; one small object on a plain
 * background is a product shot.
 */
export function categoryFromObjects(
  objects: readonly DetectedObject[],
  stats: ImageStats,
): ImageCategory | null {
  const votes = new Map<ImageCategory, number>();
  const add = (category: ImageCategory, weight: number) =>
    votes.set(category, (votes.get(category) ?? 0) + weight);
  for (const object of objects) {
    const weight = object.score * Math.sqrt(Math.max(areaOf(object), 0.002));
    if (VEHICLES.has(object.label) && areaOf(object) >= 0.04) add('car', weight * 1.5);
    else if (object.label === 'person' && areaOf(object) >= 0.12) add('portrait', weight * 1.2);
    else if (FURNISHINGS.has(object.label)) add('room', weight);
    else if (OUTDOOR.has(object.label)) add('landscape', weight);
    if (PRODUCTS.has(object.label) && stats.borderUniformity > 0.6) add('product', weight * 1.5);
  }
  let best: ImageCategory | null = null;
  for (const [category, weight] of votes) {
    if (!best || weight > votes.get(best)!) best = category;
  }
  return best;
}

/** Detector labels as words of each language, with the article a removal prompt needs. */
const NAMES: Record<string, Record<PromptLanguage, readonly [string, string]>> = {
  couch: { en: ['couch', 'the couch'], de: ['Sofa', 'das Sofa'], fr: ['canapé', 'le canapé'] },
  chair: { en: ['chair', 'the chair'], de: ['Stuhl', 'den Stuhl'], fr: ['chaise', 'la chaise'] },
  bed: { en: ['bed', 'the bed'], de: ['Bett', 'das Bett'], fr: ['lit', 'le lit'] },
  'dining table': {
    en: ['table', 'the table'],
    de: ['Tisch', 'den Tisch'],
    fr: ['table', 'la table'],
  },
  tv: { en: ['TV', 'the TV'], de: ['Fernseher', 'den Fernseher'], fr: ['télé', 'la télé'] },
  'potted plant': {
    en: ['plant', 'the plant'],
    de: ['Pflanze', 'die Pflanze'],
    fr: ['plante', 'la plante'],
  },
  vase: { en: ['vase', 'the vase'], de: ['Vase', 'die Vase'], fr: ['vase', 'le vase'] },
  clock: { en: ['clock', 'the clock'], de: ['Uhr', 'die Uhr'], fr: ['horloge', 'l’horloge'] },
  person: {
    en: ['person', 'the person'],
    de: ['Person', 'die Person'],
    fr: ['personne', 'la personne'],
  },
  car: { en: ['car', 'the car'], de: ['Auto', 'das Auto'], fr: ['voiture', 'la voiture'] },
  dog: { en: ['dog', 'the dog'], de: ['Hund', 'den Hund'], fr: ['chien', 'le chien'] },
  cat: { en: ['cat', 'the cat'], de: ['Katze', 'die Katze'], fr: ['chat', 'le chat'] },
  bottle: {
    en: ['bottle', 'the bottle'],
    de: ['Flasche', 'die Flasche'],
    fr: ['bouteille', 'la bouteille'],
  },
  cup: { en: ['cup', 'the cup'], de: ['Tasse', 'die Tasse'], fr: ['tasse', 'la tasse'] },
  bench: { en: ['bench', 'the bench'], de: ['Bank', 'die Bank'], fr: ['banc', 'le banc'] },
};

const REMOVE_VERB: Record<PromptLanguage, string> = {
  en: 'Remove',
  de: 'Entferne',
  fr: 'Supprime',
};

/** "couch" → "Sofa" / "canapé"; labels without a translation stay as the detector names them. */
export function objectName(label: string, language: PromptLanguage): string {
  return NAMES[label]?.[language][0] ?? label;
}

/**
 * "Remove the chair" for the objects worth removing (a person only when it is not the
 * subject), largest first: prompts the local editor carries out by detection and inpainting.
 */
export function removalPrompts(
  objects: readonly DetectedObject[],
  category: ImageCategory,
  language: PromptLanguage,
): string[] {
  const seen = new Set<string>();
  const prompts: string[] = [];
  for (const object of [...objects].sort((a, b) => areaOf(b) - areaOf(a))) {
    const names = NAMES[object.label]?.[language];
    if (!names || seen.has(object.label) || object.score < 0.3) continue;
    if (object.label === 'person' && category === 'portrait') continue;
    if (object.label === 'car' && category === 'car') continue;
    seen.add(object.label);
    prompts.push(`${REMOVE_VERB[language]} ${names[1]}`);
  }
  return prompts.slice(0, 2);
}

const DETECTED: Record<PromptLanguage, (names: string[]) => string> = {
  en: (names) => `Detected: ${names.join(', ')}.`,
  de: (names) => `Erkannt: ${names.join(', ')}.`,
  fr: (names) => `Détecté : ${names.join(', ')}.`,
};

/** "Detected: couch, chair, TV." — each label once, in the detector's order (best first). */
export function detectedSentence(
  objects: readonly DetectedObject[],
  language: PromptLanguage,
): string {
  const names = [...new Set(objects.map((o) => objectName(o.label, language)))];
  return DETECTED[language](names.slice(0, 6));
}
