import { parseHex } from '../colour.ts';
import { blendAtEdges, edgeAwareMask } from '../masks/edge-aware.ts';
import type { FoundMask, SceneMasks } from '../masks/scene-masks.ts';
import type { InterpretedClause } from '../prompt/interpret.ts';
import type { RawImage } from '../raw-image.ts';
import { variationParams, varyOperations } from '../variations.ts';
import { applyOperationsRaw } from './apply.ts';
import {
  applyInMask,
  blendByMask,
  blurWithin,
  featherMask,
  featherSigma,
  pixelate,
  recolour,
} from './masked.ts';
import { restyleSky } from './sky-looks.ts';
import { describeOperation, type Operation } from './types.ts';

/** What became of one clause of a prompt: codes and parameters the web app words per language. */
export interface ClauseReport {
  /** The clause as the person wrote it. */
  text: string;
  done: boolean;
  code: ClauseCode;
  params?: Record<string, string | number>;
}

export type ClauseCode =
  // done
  | 'adjusted'
  | 'recoloured'
  | 'removed'
  | 'sky_restyled'
  | 'pixelated'
  // not done
  | 'not_understood'
  | 'not_found'
  | 'low_confidence'
  | 'no_local_source'
  | 'not_for_a_part'
  /** A removal whose fill did not hold up (a slab, a smear): the object was left as it was. */
  | 'too_large'
  /** Text on a background too busy for the local fill (cobbles, leaves): left as it was. */
  | 'busy_background';

/** Things covered in cloth: a new colour is a dye, keeping the cloth's light (masked.ts). */
const UPHOLSTERED = new Set(['couch', 'bed', 'chair', 'bench']);

/** Operations that make no sense inside a part of the picture. */
const WHOLE_ONLY = new Set(['crop', 'rotate', 'flip', 'background', 'vignette']);

/** How a clause names its part, for reports: "couch", "sky", "2 chairs". */
export function targetName(clause: InterpretedClause, found?: FoundMask): string {
  const target = clause.target!;
  if (target.kind !== 'object') return target.kind;
  const objects = found?.found ? found.objects : [];
  const label = objects[0]?.label ?? target.labels[0]!;
  return objects.length > 1 ? `${objects.length}×${label}` : label;
}

export function missed(
  clause: InterpretedClause,
  found: Extract<FoundMask, { found: false }>,
): ClauseReport {
  return {
    text: clause.text,
    done: false,
    code: found.reason,
    params: {
      target: targetName(clause),
      ...(found.confidence !== undefined ? { confidence: found.confidence } : {}),
    },
  };
}

/**
 * One clause about a part of the picture, applied inside that part's mask only: a new colour,
 * tone and colour adjustments, blur, pixelation or a new sky. `variation` gives the distinct
 * strengths of a multi-image request.
 */
export async function editPart(
  image: RawImage,
  clause: InterpretedClause,
  scene: SceneMasks,
  variation: number,
): Promise<{ image: RawImage; report: ClauseReport }> {
  const found = await scene.resolve(clause.target!);
  if (!found.found) return { image, report: missed(clause, found) };
  const strength = variationParams(variation).strength;
  const target = targetName(clause, found);
  const report = (code: ClauseCode, params: Record<string, string | number> = {}) => ({
    text: clause.text,
    done: true,
    code,
    params: { target, ...params },
  });
  const { mask } = found;
  const long = Math.max(image.width, image.height);
  if (clause.recolour) {
    const { edgeDecided } = found;
    const soft = edgeDecided
      ? await featherMask(mask, featherSigma(image.width, image.height))
      : edgeAwareMask(image, mask);
    const fabric = found.objects.some((o) => UPHOLSTERED.has(o.label));
    const coloured = recolour(
      image,
      edgeDecided ? mask : soft,
      parseHex(clause.recolour.hex),
      Math.min(1, 0.8 * strength),
      { fabric },
    );
    return {
      image: edgeDecided ? blendByMask(image, coloured, soft) : blendAtEdges(image, coloured, soft),
      report: report('recoloured', { colour: clause.recolour.name, hex: clause.recolour.hex }),
    };
  }
  if (clause.skyLook) {
    return {
      image: await restyleSky(image, mask, clause.skyLook, Math.min(1.3, strength)),
      report: report('sky_restyled', { look: clause.skyLook }),
    };
  }
  if (clause.pixelate) {
    return {
      image: await applyInMask(image, mask, (part) =>
        pixelate(part, found.partWidth ? (found.partWidth / 7) * strength : undefined),
      ),
      report: report('pixelated'),
    };
  }
  const operations = clause.matches.map((m) => m.operation);
  const refused = operations.filter((op) => WHOLE_ONLY.has(op.kind));
  if (refused.length > 0 || operations.length === 0) {
    return {
      image,
      report: { text: clause.text, done: false, code: 'not_for_a_part', params: { target } },
    };
  }
  // A background blur is a portrait-mode blur: far stronger than softening a whole photo.
  // Blurred text must not stay readable: at least a quarter of a line's height.
  const unreadable = found.partWidth && found.text ? (found.partWidth / 14) * (1000 / long) : 0;
  const scaled = operations.map((op) => {
    if (op.kind !== 'blur') return op;
    if (clause.target?.kind === 'background') return { ...op, sigma: op.sigma * 3 };
    return { ...op, sigma: Math.max(op.sigma, unreadable) };
  });
  const varied = varyOperations(scaled, variation);
  const margin = blurMargin(scaled, image);
  return {
    image: await applyInMask(
      image,
      mask,
      (part, selected) => operationsInPart(part, selected, varied, image),
      margin,
      { edgeDecided: found.edgeDecided },
    ),
    report: report('adjusted', { operations: operations.map(describeOperation).join(', ') }),
  };
}

/**
 * The operations on a part: blurs gather only from the selected pixels (blurWithin), the rest
 * run as on a whole picture, in the order asked.
 */
async function operationsInPart(
  part: RawImage,
  selected: Uint8Array,
  operations: Operation[],
  image: RawImage,
): Promise<RawImage> {
  let out = part;
  let pending: Operation[] = [];
  const flush = async () => {
    if (pending.length > 0) out = await applyOperationsRaw(out, inPartUnits(pending, image, part));
    pending = [];
  };
  for (const op of operations) {
    if (op.kind !== 'blur') {
      pending.push(op);
      continue;
    }
    await flush();
    out = await blurWithin(out, selected, blurPixels(op.sigma, image));
  }
  await flush();
  return out;
}

/**
 * Blur sizes are given per 1000 pixels of the image an operation runs on; inside a part they
 * must stay those of the whole picture, or a face's blur would shrink with the face.
 */
function inPartUnits(operations: Operation[], image: RawImage, part: RawImage): Operation[] {
  const factor = Math.max(image.width, image.height) / Math.max(part.width, part.height);
  return operations.map((op) => (op.kind === 'blur' ? { ...op, sigma: op.sigma * factor } : op));
}

/** A blur's σ in pixels of the image (sizes are given per 1000 pixels of the long side). */
const blurPixels = (sigma: number, image: RawImage) =>
  Math.max(0.3, Math.min(200, (sigma * Math.max(image.width, image.height)) / 1000));

/** Context a blur needs around the part so its edge is not smeared with black. */
function blurMargin(
  operations: InterpretedClause['matches'][number]['operation'][],
  image: RawImage,
) {
  const scale = Math.max(image.width, image.height) / 1000;
  let margin = 0;
  for (const op of operations)
    if (op.kind === 'blur') margin = Math.max(margin, op.sigma * scale * 3);
  return margin;
}
