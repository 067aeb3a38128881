import { beforeAll, describe, expect, it } from 'vitest';
import { fixture, holePsnr } from '../../test/measure.ts';
import type { RoomPiece } from '../masks/room-regions.ts';
import type { RawImage } from '../raw-image.ts';
import { decodeRoom } from './design-room.ts';
import { GATE_LONG_SIDE, MIN_CONSISTENCY, atGateSize, fillConsistency } from './fill-gate.ts';
import { MAX_COPY_SHARE, MAX_HOLE_SHARE, pieceHole, removePieces } from './remove-pieces.ts';

/** A piece drawn as a rectangle of one colour onto a copy of the photo. */
function pasteBlock(photo: RawImage, rect: { x: number; y: number; w: number; h: number }) {
  const { width, height } = photo;
  const data = Buffer.from(photo.data);
  const mask = new Uint8Array(width * height);
  for (let y = rect.y; y < rect.y + rect.h; y++) {
    for (let x = rect.x; x < rect.x + rect.w; x++) {
      const p = y * width + x;
      mask[p] = 255;
      data.set([40, 30, 25], p * 3);
    }
  }
  const piece: RoomPiece = {
    label: 'chair',
    box: {
      x: (rect.x / width) * 100,
      y: (rect.y / height) * 100,
      width: (rect.w / width) * 100,
      height: (rect.h / height) * 100,
    },
    mask: { width, height, data: mask },
    confidence: 0.9,
  };
  return { image: { ...photo, data }, piece };
}

describe('removing pieces one at a time, with a quality gate', () => {
  let photo: RawImage;
  beforeAll(async () => {
    photo = await decodeRoom(await fixture('living-room.jpg'), 640);
  });

  it('fills a small piece on the plain wall so the wall comes back', () => {
    // 40×30 px on the wall right of the painting, clear of everything else.
    const { image, piece } = pasteBlock(photo, { x: 500, y: 60, w: 40, h: 30 });
    const result = removePieces(image, [piece]);
    expect(result.pieces[0]).toMatchObject({ label: 'chair', removed: true });
    expect(result.pieces[0]!.consistency).toBeGreaterThanOrEqual(MIN_CONSISTENCY);
    const hole = pieceHole(piece, photo.width, photo.height);
    expect(holePsnr(result.image, photo, hole)).toBeGreaterThan(30);
    // Nothing outside the hole changed.
    for (let p = 0; p < hole.length; p++) {
      if (hole[p]) continue;
      expect(result.image.data[p * 3]).toBe(image.data[p * 3]);
    }
  });

  it('takes the cord a pendant hangs from with it, and nothing beside it', () => {
    // A shade on the plain wall right of the painting, on a 1 px cord 45 rows long.
    const { image, piece } = pasteBlock(photo, { x: 500, y: 100, w: 30, h: 24 });
    const cord: number[] = [];
    for (let y = 55; y < 100; y++) cord.push(y * photo.width + 515);
    for (const p of cord) image.data.set([60, 60, 60], p * 3);
    const result = removePieces(image, [piece]);
    expect(result.pieces[0]).toMatchObject({ removed: true });
    for (const p of cord) expect(result.mask[p]).toBe(1);
    const strip = new Uint8Array(photo.width * photo.height);
    for (const p of cord) strip[p] = 1;
    // The wall is back where the cord was, as after the shade.
    expect(holePsnr(result.image, photo, strip)).toBeGreaterThan(30);
    // A strip of wall, not a column of the photo: a few pixels either side of the cord.
    const columns = new Set<number>();
    result.mask.forEach((v, p) => {
      if (v && Math.floor(p / photo.width) < 90) columns.add(p % photo.width);
    });
    expect(Math.max(...columns) - Math.min(...columns)).toBeLessThanOrEqual(12);
  });

  it('judges a fill at the bench’s size, so a 1,600 px room gets the same verdict', async () => {
    const big = await decodeRoom(await fixture('living-room.jpg'), 1600);
    const scale = big.width / photo.width;
    const at = (r: { x: number; y: number; w: number; h: number }) =>
      pasteBlock(big, {
        x: Math.round(r.x * scale),
        y: Math.round(r.y * scale),
        w: Math.round(r.w * scale),
        h: Math.round(r.h * scale),
      });
    // The same block on the plain wall as at 640 px above: filled and let through.
    const wall = at({ x: 500, y: 60, w: 40, h: 30 });
    expect(removePieces(wall.image, [wall.piece]).pieces[0]).toMatchObject({ removed: true });
    // The same flat smear on the rug: still judged inconsistent.
    const rug = at({ x: 300, y: 330, w: 40, h: 20 });
    const hole = pieceHole(rug.piece, big.width, big.height);
    expect(fillConsistency(...atGateSize(rug.image, hole))).toBeLessThan(MIN_CONSISTENCY);
    // The copy is the bench's size, its hole the same share of the frame.
    const [small, smallHole] = atGateSize(rug.image, hole);
    expect(Math.max(small.width, small.height)).toBe(GATE_LONG_SIDE);
    const share = (m: Uint8Array) => m.reduce((n, v) => n + v, 0) / m.length;
    expect(share(smallHole)).toBeCloseTo(share(hole), 3);
  });

  it('keeps a piece whose hole is too large for a local fill, and says so', () => {
    const { image, piece } = pasteBlock(photo, { x: 120, y: 200, w: 360, h: 150 });
    const hole = pieceHole(piece, photo.width, photo.height);
    expect(hole.reduce((n, v) => n + v, 0)).toBeGreaterThan(MAX_HOLE_SHARE * hole.length);
    const result = removePieces(image, [piece]);
    expect(result.pieces[0]).toMatchObject({ removed: false, reason: 'too_large' });
    expect(result.mask.every((v) => v === 0)).toBe(true);
    expect(Buffer.compare(result.image.data, image.data)).toBe(0);
  });

  it('scores a flat smear in a textured surround as inconsistent', () => {
    const { image, piece } = pasteBlock(photo, { x: 300, y: 330, w: 40, h: 20 });
    const hole = pieceHole(piece, photo.width, photo.height);
    // The hole left as the pasted flat block: a seam all round and no texture.
    expect(fillConsistency(image, hole)).toBeLessThan(MIN_CONSISTENCY);
  });
});

describe('a small piece before a pattern', () => {
  // Photo-sized: at the gate's 640 px a blurred pleat of 12 px is still seen as a smear.
  const W = 1600;
  const H = 1000;
  /** Where a sofa's pleated skirt (above) meets the dark top of a table (below). */
  const EDGE = 575;
  const FOOT = 625;
  function skirtOverTable(): RawImage {
    const data = Buffer.alloc(W * H * 3);
    for (let y = 0; y < H; y++) {
      for (let x = 0; x < W; x++) {
        const v = y < EDGE ? 160 + (x % 12 < 6 ? 40 : 0) : 40 + ((x * 7 + y * 13) % 5);
        data.set([v, v, v + 6], (y * W + x) * 3);
      }
    }
    return { width: W, height: H, data };
  }
  /** A vase-like block standing on the table before the skirt, `w` by `h`, bottom at FOOT. */
  function vase(clean: RawImage, w: number, h: number) {
    const data = Buffer.from(clean.data);
    const mask = new Uint8Array(W * H);
    const x0 = 750;
    for (let y = FOOT - h; y < FOOT; y++) {
      for (let x = x0; x < x0 + w; x++) {
        mask[y * W + x] = 255;
        data.set([235, 235, 230], (y * W + x) * 3);
      }
    }
    const box = {
      x: (x0 / W) * 100,
      y: ((FOOT - h) / H) * 100,
      width: (w / W) * 100,
      height: (h / H) * 100,
    };
    return {
      image: { ...clean, data },
      piece: { label: 'vase', box, mask: { width: W, height: H, data: mask } },
    };
  }
  /** A small vase before a plain stretch of skirt, a dark branch rising from its top. */
  function vaseWithBranch() {
    const clean = skirtOverTable();
    const plain = Buffer.from(clean.data);
    for (let y = 0; y < EDGE; y++) {
      for (let x = 600; x < 940; x++) plain.set([190, 190, 196], (y * W + x) * 3);
    }
    const { image, piece } = vase({ ...clean, data: plain }, 36, 90);
    for (let y = 380; y < FOOT - 90; y++) image.data.set([40, 40, 40], (y * W + 768) * 3);
    return { image, piece };
  }
  const share = (m: Uint8Array) => m.reduce((n, v) => n + (v ? 1 : 0), 0) / m.length;

  it('copies no stretch into a chair-sized hole: the room fill’s verdict stands', () => {
    const clean = skirtOverTable();
    const { image, piece } = vase(clean, 110, 225);
    expect(share(pieceHole(piece, W, H))).toBeGreaterThan(MAX_COPY_SHARE);
    expect(removePieces(image, [piece]).pieces[0]).toMatchObject({ removed: false });
  });

  it('continues the sofa a vase stands before, when the sofa itself stays', () => {
    const clean = skirtOverTable();
    const { image, piece } = vase(clean, 36, 90);
    // A branch in the vase: with it filled, the smooth fill and the copy are both tried.
    for (let y = 380; y < FOOT - 90; y++) image.data.set([40, 40, 40], (y * W + 768) * 3);
    // The sofa: the skirt from row 300 down, a fifth of the frame, too large to take out; its
    // box holds the vase's. Were it barred as a source, the pleats behind the vase would be
    // made up from the table and the wall alone.
    const sofa = new Uint8Array(W * H);
    for (let y = 300; y < EDGE; y++) {
      for (let x = 200; x < 1400; x++) if (!piece.mask.data[y * W + x]) sofa[y * W + x] = 255;
    }
    const couch = {
      label: 'couch',
      box: { x: 12.5, y: 30, width: 75, height: 32.5 },
      mask: { width: W, height: H, data: sofa },
    };
    const result = removePieces(image, [piece, couch]);
    expect(result.pieces.map((p) => p.removed)).toEqual([true, false]);
    // The pleats (12 px apart, 40 levels deep) run on through the vase's place.
    for (let y = FOOT - 85; y < EDGE - 5; y += 10) {
      let ripple = 0;
      for (let x = 755; x < 780; x++) {
        const p = (y * W + x) * 3;
        ripple += Math.abs(result.image.data[p + 3]! - result.image.data[p]!);
      }
      expect(ripple / 25).toBeGreaterThan(4);
    }
  });

  it('takes no cord with a piece that stands: a line leaving its top stays', () => {
    // A dark line rising from a standing piece's top, on a plain skirt: a lamp's flex behind a
    // box, say; no cord (it does not hang) and no stems (it is no vase).
    const { image, piece } = vaseWithBranch();
    const result = removePieces(image, [{ ...piece, label: 'bench' }]);
    expect(result.pieces[0]).toMatchObject({ removed: true });
    for (let y = 380; y < 500; y++) expect(result.mask[y * W + 768]).toBe(0);
  });

  it('takes the branch standing in a vase with it, and nothing beside the branch', () => {
    const { image, piece } = vaseWithBranch();
    const result = removePieces(image, [piece]);
    expect(result.pieces[0]).toMatchObject({ removed: true });
    for (let y = 380; y < FOOT - 90; y++) expect(result.mask[y * W + 768]).toBe(1);
    // The branch is filled from the skirt around it: no dark line is left.
    for (let y = 380; y < FOOT - 90; y += 5) {
      expect(result.image.data[(y * W + 768) * 3]).toBeGreaterThan(150);
    }
    for (let y = 380; y < 500; y++) expect(result.mask[y * W + 740]).toBe(0);
  });
});
