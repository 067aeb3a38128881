import zlib from 'node:zlib';
import { EXIF_HEADER, isExifSegment, isXmpSegment, joinJpeg, splitJpeg } from './jpeg-segments.ts';
import { isPng, pngChunks } from './result-metadata.ts';
import { eraseGps, hasGps } from './tiff.ts';

const XMP_GPS = /exif:GPS(Latitude|Longitude|Altitude)/;

/**
 * The bytes to show the public: the same file with its GPS position erased (EXIF GPS directory
 * zeroed, an XMP packet naming a position dropped). Everything else — camera, XMP source type,
 * a C2PA manifest — stays. Bytes without a position come back as they are (the same Buffer).
 */
export function withoutPosition(bytes: Buffer): Buffer {
  const jpeg = splitJpeg(bytes);
  if (jpeg) {
    const located = jpeg.segments.some(
      (s) =>
        (isExifSegment(s) && hasGps(s.data.subarray(EXIF_HEADER.length))) ||
        (isXmpSegment(s) && XMP_GPS.test(s.data.toString('utf8'))),
    );
    if (!located) return bytes;
    const segments = jpeg.segments
      .filter((s) => !(isXmpSegment(s) && XMP_GPS.test(s.data.toString('utf8'))))
      .map((s) =>
        isExifSegment(s)
          ? {
              marker: s.marker,
              data: Buffer.concat([EXIF_HEADER, eraseGps(s.data.subarray(EXIF_HEADER.length))]),
            }
          : s,
      );
    return joinJpeg({ segments, scan: jpeg.scan });
  }
  if (!isPng(bytes)) return bytes;
  const exif = pngChunks(bytes).find((c) => c.type === 'eXIf');
  if (!exif || !hasGps(exif.data)) return bytes;
  const copy = Buffer.from(bytes);
  const erased = eraseGps(exif.data);
  erased.copy(copy, exif.at + 8);
  const crc = zlib.crc32(copy.subarray(exif.at + 4, exif.at + 8 + erased.length));
  copy.writeUInt32BE(crc >>> 0, exif.at + 8 + erased.length);
  return copy;
}
