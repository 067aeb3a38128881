import { categoryFromObjects, detectedSentence, removalPrompts } from './analyze-objects.ts';
import { ANALYSIS_TEXTS, type Finding, type ImageCategory } from './analyze-texts.ts';
import { measure, type ImageStats } from './image-stats.ts';
import type { DetectedObject } from './models/object-detector.ts';
import type { PromptLanguage } from './prompt/text.ts';
import { decodeImage, shrinkToPixels } from './raw-image.ts';

export type { ImageCategory } from './analyze-texts.ts';

export interface Analysis {
  /** Plain-language description of what was measured. */
  analysis: string;
  /** Prompts the interpreter can carry out, most useful first. */
  suggestions: string[];
  category: ImageCategory;
  categoryPrompts: string[];
  stats: ImageStats;
}

export interface AnalyzeOptions {
  /** Object labels from a detector (COCO names such as 'car', 'couch', 'person'). */
  labels?: string[];
  /** What the detector found, with scores and boxes: decides the category and removal prompts. */
  objects?: readonly DetectedObject[];
  language?: PromptLanguage;
}

const LABEL_CATEGORIES: ReadonlyArray<readonly [ImageCategory, RegExp]> = [
  ['car', /^(car|truck|bus|motorcycle|vehicle)$/],
  ['portrait', /^(person|face)$/],
  [
    'room',
    /^(couch|sofa|chair|bed|dining table|tv|potted plant|refrigerator|oven|sink|toilet|bench|lamp)$/,
  ],
  ['landscape', /^(tree|mountain|boat|bird|sky)$/],
];

function categoryFromLabels(labels: string[]): ImageCategory | null {
  const votes = new Map<ImageCategory, number>();
  for (const label of labels) {
    const found = LABEL_CATEGORIES.find(([, pattern]) => pattern.test(label.toLowerCase().trim()));
    if (found) votes.set(found[0], (votes.get(found[0]) ?? 0) + 1);
  }
  let best: ImageCategory | null = null;
  for (const [category, count] of votes) if (!best || count > votes.get(best)!) best = category;
  return best;
}

/**
 * A guess from statistics alone, until a detector supplies labels: line drawings are mostly
 * white, colourless and full of edges; portraits have skin in the middle; product shots a
 * plain border; outdoor scenes sky or foliage; everything else is taken for a room, the
 * product's most common subject.
 */
export function guessCategory(
  stats: ImageStats,
  labels: string[] = [],
  objects: readonly DetectedObject[] = [],
): ImageCategory {
  // A drawing first: detectors see chairs and people in line art too.
  if (stats.saturation < 0.08 && stats.whiteFraction > 0.45 && stats.edgeDensity > 0.01)
    return 'cad';
  const fromObjects = categoryFromObjects(objects, stats);
  if (fromObjects) return fromObjects;
  const fromLabels = categoryFromLabels(labels);
  if (fromLabels) return fromLabels;
  if (stats.centreSkin > 0.2 && stats.width <= stats.height * 1.2) return 'portrait';
  if (stats.borderUniformity > 0.85) return 'product';
  if (stats.skyTop > 0.3 || stats.greenery > 0.3) return 'landscape';
  return 'room';
}

function findings(stats: ImageStats): Finding[] {
  const found: Finding[] = [];
  if (stats.brightness < 0.25) found.push('veryDark');
  else if (stats.brightness < 0.4) found.push('dark');
  else if (stats.brightness > 0.8) found.push('veryBright');
  else if (stats.brightness > 0.68) found.push('bright');
  if (stats.clipped > 0.08) found.push('clipped');
  else if (stats.contrast < 0.13) found.push('lowContrast');
  else if (stats.contrast > 0.3) found.push('highContrast');
  if (stats.saturation > 0.55) found.push('vivid');
  else if (stats.saturation < 0.2 && stats.saturation > 0.04) found.push('muted');
  if (stats.sharpness < 60) found.push('soft');
  return found;
}

/**
 * Describes the image and proposes edits from its statistics, and from the detector's objects
 * when they are given (category, what was found, and prompts to remove it).
 */
export async function analyzeImage(image: Buffer, options: AnalyzeOptions = {}): Promise<Analysis> {
  const raw = await shrinkToPixels(await decodeImage(image), 512 * 384);
  const stats = measure(raw);
  const texts = ANALYSIS_TEXTS[options.language ?? 'en'];
  const language = options.language ?? 'en';
  const objects = options.objects ?? [];
  const category = guessCategory(stats, options.labels, objects);
  const level =
    stats.brightness < 0.25
      ? 'veryDark'
      : stats.brightness < 0.4
        ? 'dark'
        : stats.brightness > 0.8
          ? 'veryBright'
          : stats.brightness > 0.68
            ? 'bright'
            : 'balanced';
  const contrast = stats.contrast < 0.13 ? 'low' : stats.contrast > 0.3 ? 'high' : 'moderate';
  const saturation =
    stats.saturation < 0.05
      ? 'grey'
      : stats.saturation < 0.2
        ? 'muted'
        : stats.saturation > 0.55
          ? 'vivid'
          : 'natural';
  const focus = stats.sharpness < 60 ? 'soft' : stats.sharpness < 250 ? 'moderate' : 'crisp';
  const parts = [texts.contrast[contrast], texts.saturation[saturation]];
  if (saturation !== 'grey') parts.push(texts.cast[stats.colourCast]);
  parts.push(texts.focus[focus]);
  const colourNames = stats.dominantColours.map((c) => texts.colourNames[c.name] ?? c.name);
  const sentences = [
    `${texts.brightness(texts.levels[level], Math.round(stats.brightness * 100))} ${texts.qualities(parts)}.`,
    texts.colours([...new Set(colourNames)]),
  ];
  if (stats.clipped > 0.08) sentences.push(texts.clipped(Math.round(stats.clipped * 100)));
  sentences.push(texts.category(category));
  if (objects.length > 0) sentences.push(detectedSentence(objects, language));
  const suggestions = [...new Set(findings(stats).map((finding) => texts.suggestions[finding]))];
  if (saturation !== 'grey' && stats.colourCast === 'cool')
    suggestions.push(texts.suggestions.warmer);
  if (saturation !== 'grey' && stats.colourCast === 'warm' && stats.castB > 14) {
    suggestions.push(texts.suggestions.cooler);
  }
  if (suggestions.length === 0) suggestions.push(texts.suggestions.creative);
  return {
    analysis: sentences.join(' '),
    suggestions,
    category,
    categoryPrompts: [
      ...removalPrompts(objects, category, language),
      ...texts.categoryPrompts[category],
    ].slice(0, 5),
    stats,
  };
}
