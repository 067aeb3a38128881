import { dilate } from '../inpaint/mask-tools.ts';
import type { Mask } from '../masks/mask.ts';
import type { RoomPiece } from '../masks/room-regions.ts';
import { bandOf, refineSurfaceEdge } from '../masks/surface-edge.ts';
import type { RawImage } from '../raw-image.ts';

/** Bands beyond the first the wall's edge is carried on beside a piece. */
export const PASSES = 4;

/**
 * Beside a piece the wall is left unpainted further than the edge's one band reaches: the
 * grid's texture test sees the piece's outline a few cells out (a lamp's shade, the stand
 * below it), and the white halo shows in every style. Within PASSES bands of a piece's
 * outline the wall's edge is decided again band by band, growing only, into pixels of the
 * wall's colour close by; never into a piece or a kept part (`keep`, 255 inside), nor below
 * the floor line (a share of the height). Away from pieces nothing changes: what is there and
 * has the wall's colour (a grey ball in a grey photo) is no wall.
 */
export function wallBesidePieces(
  image: RawImage,
  wall: Mask,
  at: { pieces: readonly Pick<RoomPiece, 'mask'>[]; keep: Uint8Array; floorLine: number },
): Mask {
  const { width, height } = image;
  if (at.pieces.length === 0) return wall;
  const piece = new Uint8Array(width * height);
  for (const { mask } of at.pieces) {
    for (let p = 0; p < piece.length; p++) if (mask.data[p]! >= 128) piece[p] = 1;
  }
  const near = dilate(piece, width, height, PASSES * bandOf(width, height));
  const floorStart = Math.round(at.floorLine * height) * width;
  const stop = Uint8Array.from(piece, (v, p) =>
    v || !near[p] || at.keep[p]! >= 128 || p >= floorStart ? 1 : 0,
  );
  let grown = wall;
  for (let pass = 0; pass < PASSES; pass++) grown = refineSurfaceEdge(image, grown, stop);
  return grown;
}
