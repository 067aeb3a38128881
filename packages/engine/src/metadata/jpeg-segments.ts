/**
 * A JPEG as its marker segments up to the scan, and the scan itself, so metadata segments can be
 * read, added or removed without decoding (and so without re-encoding) the picture.
 */
export interface JpegSegment {
  marker: number;
  /** The payload after the two length bytes. */
  data: Buffer;
}

export interface JpegParts {
  segments: JpegSegment[];
  /** From the start-of-scan marker to the end of the file, untouched. */
  scan: Buffer;
}

export const APP1 = 0xe1;
export const APP2 = 0xe2;
export const APP11 = 0xeb;
const SOS = 0xda;

export const EXIF_HEADER = Buffer.from('Exif\0\0', 'latin1');
export const XMP_HEADER = Buffer.from('http://ns.adobe.com/xap/1.0/\0', 'latin1');
export const ICC_HEADER = Buffer.from('ICC_PROFILE\0', 'latin1');

export const isJpeg = (bytes: Buffer) => bytes.length > 3 && bytes[0] === 0xff && bytes[1] === 0xd8;

/** Null when the bytes are not a JPEG whose header segments can be walked to the scan. */
export function splitJpeg(bytes: Buffer): JpegParts | null {
  if (!isJpeg(bytes)) return null;
  const segments: JpegSegment[] = [];
  let at = 2;
  while (at + 4 <= bytes.length) {
    if (bytes[at] !== 0xff) return null;
    const marker = bytes[at + 1]!;
    if (marker === 0xff) {
      at += 1; // fill byte
      continue;
    }
    if (marker === SOS) return { segments, scan: bytes.subarray(at) };
    const length = bytes.readUInt16BE(at + 2);
    if (length < 2 || at + 2 + length > bytes.length) return null;
    segments.push({ marker, data: bytes.subarray(at + 4, at + 2 + length) });
    at += 2 + length;
  }
  return null;
}

export function joinJpeg(parts: JpegParts): Buffer {
  const chunks: Buffer[] = [Buffer.from([0xff, 0xd8])];
  for (const segment of parts.segments) {
    const head = Buffer.alloc(4);
    head[0] = 0xff;
    head[1] = segment.marker;
    head.writeUInt16BE(segment.data.length + 2, 2);
    chunks.push(head, segment.data);
  }
  chunks.push(parts.scan);
  return Buffer.concat(chunks);
}

export const startsWith = (data: Buffer, header: Buffer) =>
  data.length >= header.length && data.subarray(0, header.length).equals(header);

export const isExifSegment = (s: JpegSegment) =>
  s.marker === APP1 && startsWith(s.data, EXIF_HEADER);
export const isXmpSegment = (s: JpegSegment) => s.marker === APP1 && startsWith(s.data, XMP_HEADER);
export const isIccSegment = (s: JpegSegment) => s.marker === APP2 && startsWith(s.data, ICC_HEADER);

/** JUMBF boxes in APP11 (ISO 19566-5) labelled c2pa: a C2PA manifest store. */
export const isC2paSegment = (s: JpegSegment) =>
  s.marker === APP11 &&
  s.data.length > 8 &&
  s.data[0] === 0x4a &&
  s.data[1] === 0x50 &&
  s.data.includes('c2pa', 0, 'latin1');

/** An ICC profile split into APP2 segments of at most 65519 bytes each. */
export function iccSegments(icc: Buffer): JpegSegment[] {
  const size = 65519 - ICC_HEADER.length - 2;
  const count = Math.ceil(icc.length / size);
  return Array.from({ length: count }, (_, i) => ({
    marker: APP2,
    data: Buffer.concat([
      ICC_HEADER,
      Buffer.from([i + 1, count]),
      icc.subarray(i * size, (i + 1) * size),
    ]),
  }));
}

/**
 * The JPEG without anything appended after its end-of-image marker (a polyglot's payload).
 * Inside the entropy-coded scans every 0xFF is stuffed or a restart marker, so the first
 * 0xFFD9 after the first scan starts is the end of the image.
 */
export function jpegWithoutTrailer(bytes: Buffer): Buffer {
  const parts = splitJpeg(bytes);
  if (!parts) return bytes;
  const end = parts.scan.indexOf(Buffer.from([0xff, 0xd9]));
  if (end < 0) return bytes;
  const length = bytes.length - parts.scan.length + end + 2;
  return length < bytes.length ? bytes.subarray(0, length) : bytes;
}
