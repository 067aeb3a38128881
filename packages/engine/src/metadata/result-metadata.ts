import crypto from 'node:crypto';
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import sharp from 'sharp';
import {
  EXIF_HEADER,
  ICC_HEADER,
  XMP_HEADER,
  APP1,
  iccSegments,
  isC2paSegment,
  isExifSegment,
  isIccSegment,
  isXmpSegment,
  joinJpeg,
  splitJpeg,
  type JpegSegment,
} from './jpeg-segments.ts';
import { exifForResult } from './tiff.ts';
import { buildXmp, readProvenance, strongerSourceType, type SourceType } from './xmp.ts';

export interface ResultMetadataInput {
  /** The stored image the result was made from (any format), when there was one. */
  source?: Buffer;
  /** How this step made pixels. */
  sourceType: SourceType;
  /** What this step did, e.g. "Preset: white-bg (local)". */
  step: string;
}

export interface ResultWithMetadata {
  data: Buffer;
  /**
   * 'kept': the result carried a C2PA manifest (from a provider) and its bytes were left as they
   * came, so the manifest stays valid; 'none': it carried none.
   */
  contentCredentials: 'kept' | 'none';
}

const QUALITY = 95;

/** Most sRGB profiles name themselves so, in ASCII or UTF-16 (ICC v4 'mluc'). */
function isSrgbProfile(icc: Buffer): boolean {
  return icc.includes('sRGB', 0, 'latin1') || icc.includes('\0s\0R\0G\0B', 0, 'latin1');
}

/** The engine works in sRGB: a result of a wide-gamut source goes back into its profile. */
async function intoProfile(result: Buffer, icc: Buffer): Promise<Buffer> {
  const file = path.join(os.tmpdir(), `image-lab-icc-${crypto.randomUUID()}.icc`);
  await fs.writeFile(file, icc);
  try {
    return await sharp(result)
      .withIccProfile(file)
      .jpeg({ quality: QUALITY, chromaSubsampling: '4:4:4' })
      .toBuffer();
  } finally {
    await fs.rm(file, { force: true });
  }
}

/** Whether the JPEG's own APP2 segments hold exactly this ICC profile. */
function carriesProfile(segments: JpegSegment[], icc: Buffer): boolean {
  const own = segments.filter(isIccSegment).map((s) => s.data.subarray(ICC_HEADER.length + 2));
  return own.length > 0 && Buffer.concat(own).equals(icc);
}

async function sourceMetadata(source: Buffer | undefined) {
  if (!source) return {};
  try {
    const { exif, icc, xmp } = await sharp(source).metadata();
    return { exif, icc, xmp: xmp?.toString('utf8') };
  } catch {
    return {};
  }
}

/**
 * A result (JPEG) with its source's EXIF (Orientation 1, the result's size, no old thumbnail)
 * and ICC profile, and an XMP packet naming its digital source type and every step so far.
 * A result carrying a provider's C2PA manifest is returned byte for byte: any change would
 * break the manifest's hash, and the manifest already says how it was made.
 */
export async function withResultMetadata(
  result: Buffer,
  input: ResultMetadataInput,
): Promise<ResultWithMetadata> {
  const first = splitJpeg(result);
  if (!first) return { data: result, contentCredentials: 'none' };
  if (first.segments.some(isC2paSegment)) return { data: result, contentCredentials: 'kept' };
  const { exif, icc, xmp } = await sourceMetadata(input.source);
  // A masked edit keeps the source's blocks and profile (jpeg/encode-edit.ts): already in it.
  const convert = icc && !isSrgbProfile(icc) && !carriesProfile(first.segments, icc);
  const parts = convert ? splitJpeg(await intoProfile(result, icc)) : first;
  if (!parts) return { data: result, contentCredentials: 'none' };
  const { width, height } = await sharp(result).metadata();

  const earlier = readProvenance(xmp);
  const sourceType = earlier
    ? strongerSourceType(earlier.sourceType, input.sourceType)
    : input.sourceType;
  const steps = [...(earlier?.steps ?? []), input.step];
  const added: JpegSegment[] = [];
  if (exif && exif.subarray(0, EXIF_HEADER.length).equals(EXIF_HEADER)) {
    const tiff = exifForResult(exif.subarray(EXIF_HEADER.length), width, height);
    added.push({ marker: APP1, data: Buffer.concat([EXIF_HEADER, tiff]) });
  }
  added.push({
    marker: APP1,
    data: Buffer.concat([XMP_HEADER, Buffer.from(buildXmp({ sourceType, steps }), 'utf8')]),
  });
  const kept = parts.segments.filter((s) => !isExifSegment(s) && !isXmpSegment(s));
  if (icc && !kept.some(isIccSegment)) added.push(...iccSegments(icc));
  // JFIF (APP0) stays first, as readers expect.
  const app0 = kept.filter((s) => s.marker === 0xe0);
  const rest = kept.filter((s) => s.marker !== 0xe0);
  const data = joinJpeg({ segments: [...app0, ...added, ...rest], scan: parts.scan });
  return { data, contentCredentials: 'none' };
}

/** True when a PNG or JPEG carries a C2PA manifest (PNG 'caBX' chunk, JPEG APP11 JUMBF). */
export function hasContentCredentials(bytes: Buffer): boolean {
  const parts = splitJpeg(bytes);
  if (parts) return parts.segments.some(isC2paSegment);
  return isPng(bytes) && pngChunks(bytes).some((c) => c.type === 'caBX');
}

const PNG_SIGNATURE = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);
export const isPng = (bytes: Buffer) =>
  bytes.length > 8 && bytes.subarray(0, 8).equals(PNG_SIGNATURE);

export interface PngChunk {
  type: string;
  /** Where the chunk's length field starts. */
  at: number;
  data: Buffer;
}

export function pngChunks(bytes: Buffer): PngChunk[] {
  const chunks: PngChunk[] = [];
  let at = 8;
  while (at + 12 <= bytes.length) {
    const length = bytes.readUInt32BE(at);
    if (at + 12 + length > bytes.length) break;
    const type = bytes.toString('latin1', at + 4, at + 8);
    chunks.push({ type, at, data: bytes.subarray(at + 8, at + 8 + length) });
    at += 12 + length;
    if (type === 'IEND') break;
  }
  return chunks;
}

/** The PNG without anything appended after its IEND chunk. */
export function pngWithoutTrailer(bytes: Buffer): Buffer {
  const last = pngChunks(bytes).at(-1);
  if (last?.type !== 'IEND') return bytes;
  const length = last.at + 12;
  return length < bytes.length ? bytes.subarray(0, length) : bytes;
}
