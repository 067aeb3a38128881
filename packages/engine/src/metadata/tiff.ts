/**
 * In-place edits of an EXIF TIFF block (the bytes after "Exif\0\0"): each keeps the length and
 * every offset, so the block stays valid wherever it is embedded.
 */
const ORIENTATION = 0x0112;
const EXIF_IFD = 0x8769;
const GPS_IFD = 0x8825;
const PIXEL_X = 0xa002;
const PIXEL_Y = 0xa003;
const TYPE_SIZES: Record<number, number> = {
  1: 1,
  2: 1,
  3: 2,
  4: 4,
  5: 8,
  6: 1,
  7: 1,
  8: 2,
  9: 4,
  10: 8,
  11: 4,
  12: 8,
};

interface Tiff {
  bytes: Buffer;
  little: boolean;
}

interface Entry {
  /** Where the 12-byte entry starts. */
  at: number;
  tag: number;
  type: number;
  count: number;
}

function open(bytes: Buffer): Tiff | null {
  if (bytes.length < 8) return null;
  const order = bytes.toString('latin1', 0, 2);
  if (order !== 'II' && order !== 'MM') return null;
  return { bytes, little: order === 'II' };
}

const u16 = (t: Tiff, at: number) =>
  t.little ? t.bytes.readUInt16LE(at) : t.bytes.readUInt16BE(at);
const u32 = (t: Tiff, at: number) =>
  t.little ? t.bytes.readUInt32LE(at) : t.bytes.readUInt32BE(at);
const put16 = (t: Tiff, at: number, v: number) =>
  t.little ? t.bytes.writeUInt16LE(v, at) : t.bytes.writeUInt16BE(v, at);
const put32 = (t: Tiff, at: number, v: number) =>
  t.little ? t.bytes.writeUInt32LE(v, at) : t.bytes.writeUInt32BE(v, at);

function entries(t: Tiff, ifd: number): Entry[] {
  if (ifd < 8 || ifd + 2 > t.bytes.length) return [];
  const n = u16(t, ifd);
  const list: Entry[] = [];
  for (let i = 0; i < n; i++) {
    const at = ifd + 2 + i * 12;
    if (at + 12 > t.bytes.length) break;
    list.push({ at, tag: u16(t, at), type: u16(t, at + 2), count: u32(t, at + 4) });
  }
  return list;
}

const ifd0 = (t: Tiff) => u32(t, 4);
const find = (list: Entry[], tag: number) => list.find((e) => e.tag === tag);

/** Writes a SHORT or LONG value into an entry holding one number. */
function setNumber(t: Tiff, entry: Entry, value: number) {
  if (entry.count !== 1) return;
  if (entry.type === 3) put16(t, entry.at + 8, value);
  if (entry.type === 4) put32(t, entry.at + 8, value);
}

/**
 * For a result made from this image: upright (Orientation 1), the result's own pixel size, and
 * no thumbnail of the old picture (IFD1 is unlinked). Returns a changed copy.
 */
export function exifForResult(tiffBytes: Buffer, width: number, height: number): Buffer {
  const t = open(Buffer.from(tiffBytes));
  if (!t) return Buffer.from(tiffBytes);
  const main = ifd0(t);
  const list = entries(t, main);
  const orientation = find(list, ORIENTATION);
  if (orientation) setNumber(t, orientation, 1);
  const exif = find(list, EXIF_IFD);
  if (exif) {
    const sub = entries(t, u32(t, exif.at + 8));
    const x = find(sub, PIXEL_X);
    const y = find(sub, PIXEL_Y);
    if (x) setNumber(t, x, width);
    if (y) setNumber(t, y, height);
  }
  const next = main + 2 + list.length * 12;
  if (next + 4 <= t.bytes.length) put32(t, next, 0);
  return t.bytes;
}

export function hasGps(tiffBytes: Buffer): boolean {
  const t = open(tiffBytes);
  if (!t) return false;
  const gps = find(entries(t, ifd0(t)), GPS_IFD);
  return gps !== undefined && entries(t, u32(t, gps.at + 8)).length > 0;
}

/**
 * The GPS directory emptied and every byte of its values overwritten with zeros, so no reader
 * (nor a hex dump) finds the position. Returns a changed copy.
 */
export function eraseGps(tiffBytes: Buffer): Buffer {
  const t = open(Buffer.from(tiffBytes));
  if (!t) return Buffer.from(tiffBytes);
  const gps = find(entries(t, ifd0(t)), GPS_IFD);
  if (!gps) return t.bytes;
  const dir = u32(t, gps.at + 8);
  for (const entry of entries(t, dir)) {
    const size = (TYPE_SIZES[entry.type] ?? 1) * entry.count;
    if (size > 4) {
      const offset = u32(t, entry.at + 8);
      if (offset + size <= t.bytes.length) t.bytes.fill(0, offset, offset + size);
    }
    t.bytes.fill(0, entry.at, entry.at + 12);
  }
  if (dir + 2 <= t.bytes.length) put16(t, dir, 0);
  return t.bytes;
}
