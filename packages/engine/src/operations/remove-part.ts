import { otherObjectsMask } from '../inpaint/remove-objects.ts';
import { maskBounds, type Mask } from '../masks/mask.ts';
import type { FoundMask, SceneMasks } from '../masks/scene-masks.ts';
import type { PercentBox } from '../models/object-detector.ts';
import type { InterpretedClause } from '../prompt/interpret.ts';
import type { RawImage } from '../raw-image.ts';
import { removePieces, type PieceOutcome } from '../rooms/remove-pieces.ts';
import { FURNITURE_LABELS } from '../models/coco-labels.ts';
import { missed, targetName, type ClauseReport } from './part-edits.ts';
import { removeTextInPart } from './remove-text.ts';

/** Detected objects at least this sure that stay in the picture: no fill is taken from them. */
const STAYS_MIN_SCORE = 0.3;

const FURNITURE = new Set<string>(FURNITURE_LABELS);

type Piece = Parameters<typeof removePieces>[1][number];

function boxOf(mask: Mask): PercentBox {
  const b = maskBounds(mask) ?? { left: 0, top: 0, width: mask.width, height: mask.height };
  return {
    x: (b.left / mask.width) * 100,
    y: (b.top / mask.height) * 100,
    width: (b.width / mask.width) * 100,
    height: (b.height / mask.height) * 100,
  };
}

/** What a found part is made of: each chosen object's own outline, or a selection as one piece. */
async function piecesOf(
  found: Extract<FoundMask, { found: true }>,
  scene: SceneMasks,
): Promise<Piece[]> {
  const [only] = found.objects;
  if (found.objects.length <= 1) {
    return [
      { label: only?.label ?? 'selection', box: only?.box ?? boxOf(found.mask), mask: found.mask },
    ];
  }
  const pieces: Piece[] = [];
  for (const object of found.objects) {
    const own = await scene.outlineOf([object]);
    if (own.found) pieces.push({ label: object.label, box: object.box, mask: own.mask });
  }
  return pieces;
}

/** How the report names what was taken out: "vase", "2×chair", "3×furniture". */
function removedName(pieces: readonly PieceOutcome[], named: string): string {
  const labels = new Set(pieces.filter((p) => p.removed).map((p) => p.label));
  const count = pieces.filter((p) => p.removed).length;
  if (count === 0) return named;
  const label =
    labels.size === 1
      ? [...labels][0]!
      : [...labels].every((l) => FURNITURE.has(l))
        ? 'furniture'
        : 'object';
  return count > 1 ? `${count}×${label}` : label;
}

/** What a removal of a found part did: the picture and how many of its pieces came out. */
export interface FoundRemoval {
  image: RawImage;
  /** The name of what came out (or of what was asked for, when nothing did). */
  target: string;
  removed: number;
  kept: number;
}

/**
 * The pieces of a found part taken out one at a time by the rooms' removal (the outline with
 * its contact shadow, the room fill, the quality gate). A piece whose hole is too large or
 * whose fill does not sit in its surroundings is left as it was.
 */
export async function removeFound(
  image: RawImage,
  found: Extract<FoundMask, { found: true }>,
  scene: SceneMasks,
  named: string,
  signal?: AbortSignal,
): Promise<FoundRemoval> {
  const pieces = await piecesOf(found, scene);
  const stay = (await scene.objects()).filter((d) => d.score >= STAYS_MIN_SCORE);
  const removal = removePieces(image, pieces, {
    signal,
    exclude: otherObjectsMask(image, stay, found.objects),
  });
  const removed = removal.pieces.filter((p) => p.removed).length;
  return {
    image: removed > 0 ? removal.image : image,
    target: removedName(removal.pieces, named),
    removed,
    kept: removal.pieces.length - removed,
  };
}

/**
 * A removal clause ("remove the sofa", "remove it" on a selection). When none of the part's
 * pieces could be taken out the clause is not done. Runs once, before the variations: the fill
 * is the slow part and never varies.
 */
export async function removeInPart(
  image: RawImage,
  clause: InterpretedClause,
  scene: SceneMasks,
  signal?: AbortSignal,
): Promise<{ image: RawImage; report: ClauseReport }> {
  const kind = clause.target?.kind;
  if (kind === 'text' || kind === 'plate') return removeTextInPart(image, clause, scene, signal);
  const found = await scene.resolve(clause.target!);
  if (!found.found) return { image, report: missed(clause, found) };
  const [only] = found.objects;
  const named = found.objects.length === 1 ? only!.label : targetName(clause, found);
  const removal = await removeFound(image, found, scene, named, signal);
  const { target, removed, kept } = removal;
  if (removed === 0) {
    return {
      image,
      report: { text: clause.text, done: false, code: 'too_large', params: { target } },
    };
  }
  return {
    image: removal.image,
    report: {
      text: clause.text,
      done: true,
      code: 'removed',
      params: { target, count: removed, ...(kept > 0 ? { kept } : {}) },
    },
  };
}
