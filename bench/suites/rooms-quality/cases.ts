import fs from 'node:fs';
import path from 'node:path';
import sharp from 'sharp';
import { decodeRoom, regionsOf, type RawImage } from '@image-lab/engine';
import { pieceHole } from '../../../packages/engine/src/rooms/remove-pieces.ts';
import type { RoomPiece } from '../../../packages/engine/src/masks/room-regions.ts';

// Pieces cut out of the fixture rooms (their silhouettes) are pasted standing on the floor of
// other room views with a soft contact shadow; the clean view is what the fill should restore.

const FIXTURES = path.join(import.meta.dirname, '../../../packages/engine/test/fixtures');
const ADDED = path.join(import.meta.dirname, '../../fixtures/rooms');
/** Where the furniture is cut from: the fixtures, whose detections are known to be good. */
const DONORS = ['living-room.jpg', 'bedroom.jpg', 'kitchen-dining.jpg'].map((f) =>
  path.join(FIXTURES, f),
);
/** The rooms pieces are pasted into: the fixtures and the licensed photos beside this bench. */
export const ROOM_PHOTOS = [
  ...DONORS,
  ...fs
    .readdirSync(ADDED)
    .filter((f) => f.endsWith('.jpg'))
    .map((f) => path.join(ADDED, f)),
];
const LONG_SIDE = 640;
const CASES_PER_VIEW = 4;

export interface Case {
  view: string;
  clean: RawImage;
  image: RawImage;
  piece: RoomPiece;
  hole: Uint8Array;
  /** The view's own detected pieces: no source for the fill. */
  others: Uint8Array;
}

/** Room views: each photo whole and its left and right 62 % (wide photos only). */
async function views(): Promise<Array<{ name: string; image: RawImage }>> {
  const out: Array<{ name: string; image: RawImage }> = [];
  for (const file of ROOM_PHOTOS) {
    const bytes = fs.readFileSync(file);
    const name = path.basename(file);
    const { width: w = 0, height: h = 0 } = await sharp(bytes).metadata();
    out.push({ name, image: await decodeRoom(bytes, LONG_SIDE) });
    if (w < h * 1.2) continue;
    for (const [side, left] of [
      ['left', 0],
      ['right', 0.38],
    ] as const) {
      const crop = await sharp(bytes)
        .extract({ left: Math.round(left * w), top: 0, width: Math.round(0.62 * w), height: h })
        .jpeg({ quality: 95 })
        .toBuffer();
      out.push({ name: `${name} ${side}`, image: await decodeRoom(crop, LONG_SIDE) });
    }
  }
  return out;
}

interface Cutout {
  label: string;
  width: number;
  height: number;
  rgb: Buffer;
  alpha: Uint8Array;
}

function cutout(image: RawImage, piece: RoomPiece): Cutout | null {
  const { box } = piece;
  const x0 = Math.floor((box.x / 100) * image.width);
  const y0 = Math.floor((box.y / 100) * image.height);
  const w = Math.min(image.width - x0, Math.ceil((box.width / 100) * image.width));
  const h = Math.min(image.height - y0, Math.ceil((box.height / 100) * image.height));
  if (w < 12 || h < 12) return null;
  const rgb = Buffer.alloc(w * h * 3);
  const alpha = new Uint8Array(w * h);
  for (let y = 0; y < h; y++) {
    for (let x = 0; x < w; x++) {
      const p = (y0 + y) * image.width + x0 + x;
      alpha[y * w + x] = piece.mask.data[p]!;
      image.data.copy(rgb, (y * w + x) * 3, p * 3, p * 3 + 3);
    }
  }
  return { label: piece.label, width: w, height: h, rgb, alpha };
}

/** A view's own seed: a placement refused in one view no longer shifts every later view's. */
function seedOf(name: string): number {
  let h = 2166136261;
  for (let i = 0; i < name.length; i++) h = Math.imul(h ^ name.charCodeAt(i), 16777619) >>> 0;
  return h;
}

const seeded = (seed: number) => () => {
  seed = (seed * 1664525 + 1013904223) >>> 0;
  return seed / 2 ** 32;
};

/** The cut-out scaled and pasted with its bottom on the floor, over a soft contact shadow. */
function paste(image: RawImage, cut: Cutout, at: { x: number; bottom: number; height: number }) {
  const scale = at.height / cut.height;
  const w = Math.max(4, Math.round(cut.width * scale));
  const h = Math.max(4, Math.round(cut.height * scale));
  const top = Math.round(at.bottom - h);
  const data = Buffer.from(image.data);
  const mask = new Uint8Array(image.width * image.height);
  const cx = at.x + w / 2;
  for (let y = Math.max(0, at.bottom - 6); y < Math.min(image.height, at.bottom + 8); y++) {
    for (let x = Math.max(0, Math.round(at.x - 6)); x < Math.min(image.width, at.x + w + 6); x++) {
      const d = ((x - cx) / (w / 2 + 6)) ** 2 + ((y - at.bottom) / 8) ** 2;
      if (d >= 1) continue;
      const p = y * image.width + x;
      for (let c = 0; c < 3; c++) data[p * 3 + c] = Math.round(data[p * 3 + c]! * (0.7 + 0.3 * d));
    }
  }
  for (let y = 0; y < h; y++) {
    const ty = top + y;
    if (ty < 0 || ty >= image.height) continue;
    for (let x = 0; x < w; x++) {
      const tx = at.x + x;
      if (tx < 0 || tx >= image.width) continue;
      const q =
        Math.min(cut.height - 1, Math.floor(y / scale)) * cut.width +
        Math.min(cut.width - 1, Math.floor(x / scale));
      const a = cut.alpha[q]! / 255;
      if (a <= 0) continue;
      const p = ty * image.width + tx;
      mask[p] = cut.alpha[q]!;
      for (let c = 0; c < 3; c++) {
        data[p * 3 + c] = Math.round(data[p * 3 + c]! * (1 - a) + cut.rgb[q * 3 + c]! * a);
      }
    }
  }
  const box = {
    x: (at.x / image.width) * 100,
    y: (top / image.height) * 100,
    width: (w / image.width) * 100,
    height: (h / image.height) * 100,
  };
  const piece: RoomPiece = { label: cut.label, box, mask: { ...image, data: mask }, confidence: 1 };
  return { image: { ...image, data }, piece };
}

/** Every case of the bench, the same on every run (seeded). */
export async function buildCases(): Promise<{ cases: Case[]; cutouts: number }> {
  const cutouts: Cutout[] = [];
  for (const file of DONORS) {
    const image = await decodeRoom(fs.readFileSync(file), LONG_SIDE);
    for (const piece of (await regionsOf(image)).pieces) {
      const cut = piece.confidence >= 0.4 ? cutout(image, piece) : null;
      if (cut) cutouts.push(cut);
    }
  }
  const cases: Case[] = [];
  for (const view of await views()) {
    const random = seeded(seedOf(view.name));
    const regions = await regionsOf(view.image);
    const floorRow = Math.round(regions.floorLine * view.image.height);
    const others = new Uint8Array(view.image.width * view.image.height);
    for (const p of regions.pieces) {
      for (let i = 0; i < others.length; i++) if (p.mask.data[i]! >= 128) others[i] = 1;
    }
    for (let k = 0, tries = 0; k < CASES_PER_VIEW && tries < 200; tries++) {
      const cut = cutouts[Math.floor(random() * cutouts.length)]!;
      const height = Math.round(view.image.height * (0.15 + random() * 0.15));
      const bottom = Math.round(
        Math.min(view.image.height - 4, floorRow + random() * (view.image.height - floorRow) * 0.6),
      );
      const x = Math.round(random() * (view.image.width * 0.8));
      const { image, piece } = paste(view.image, cut, { x, bottom, height });
      const hole = pieceHole(piece, image.width, image.height);
      // On a clean part of the room: what stands behind the piece is wall and floor.
      let holeSize = 0;
      let onOthers = 0;
      for (let p = 0; p < hole.length; p++) {
        holeSize += hole[p]!;
        if (hole[p] && others[p]) onOthers++;
      }
      if (onOthers > holeSize * 0.05) continue;
      cases.push({ view: view.name, clean: view.image, image, piece, hole, others });
      k++;
    }
  }
  return { cases, cutouts: cutouts.length };
}
