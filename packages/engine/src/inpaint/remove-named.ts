import type { CocoLabel } from '../models/coco-labels.ts';
import type { RawImage } from '../raw-image.ts';
import { removeObjects } from './remove-objects.ts';

export interface NamedRemoval {
  /** The clause as the person wrote it. */
  text: string;
  labels: readonly CocoLabel[];
}

export interface NamedRemovalResult {
  image: RawImage;
  applied: string[];
  /** Clauses whose objects were not found. */
  unsupported: string[];
  /** Why nothing was removed, when nothing was ("No chair found in the image"). */
  missing: string;
}

const LABEL_PLURALS: Partial<Record<CocoLabel, string>> = {
  couch: 'couches',
  bench: 'benches',
  person: 'people',
  'potted plant': 'potted plants',
  'dining table': 'tables',
};

function describe(label: string, count: number): string {
  if (count === 1) return label === 'dining table' ? 'table' : label;
  return `${count} ${LABEL_PLURALS[label as CocoLabel] ?? `${label}s`}`;
}

/** Carries out the removal clauses of an edit prompt ("remove the chair") on the image. */
export async function removeNamedObjects(
  image: RawImage,
  removals: readonly NamedRemoval[],
  signal?: AbortSignal,
): Promise<NamedRemovalResult> {
  const labels = [...new Set(removals.flatMap((r) => r.labels))];
  const result = await removeObjects(image, { labels }, { signal });
  const applied: string[] = [];
  const unsupported: string[] = [];
  for (const removal of removals) {
    const counts = new Map<string, number>();
    for (const object of result.removed) {
      if (object.label && removal.labels.includes(object.label as CocoLabel)) {
        counts.set(object.label, (counts.get(object.label) ?? 0) + 1);
      }
    }
    if (counts.size === 0) {
      unsupported.push(removal.text);
      continue;
    }
    const what = [...counts].map(([label, count]) => describe(label, count)).join(', ');
    applied.push(`Removed ${what} (detected and filled from the surroundings)`);
  }
  const names = labels.map((label) => (label === 'dining table' ? 'table' : label));
  return {
    image: result.image,
    applied,
    unsupported,
    missing: `No ${names.slice(0, 3).join(' or ')} found in the image`,
  };
}
