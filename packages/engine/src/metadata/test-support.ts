import zlib from 'node:zlib';
import sharp from 'sharp';
import { APP11, joinJpeg, splitJpeg } from './jpeg-segments.ts';

/**
 * Test support: a camera photo made of any picture — Make/Model Canon EOS R5, shot rotated
 * (Orientation 6), taken at 48° 8' 30" N, 11° 34' 15" E.
 */
export function cameraPhoto(picture: Buffer): Promise<Buffer> {
  return sharp(picture)
    .withExif({
      IFD0: { Make: 'Canon', Model: 'EOS R5' },
      IFD3: {
        GPSLatitudeRef: 'N',
        GPSLatitude: '48/1 8/1 3000/100',
        GPSLongitudeRef: 'E',
        GPSLongitude: '11/1 34/1 1500/100',
      },
    })
    .withMetadata({ orientation: 6 })
    .jpeg({ quality: 90 })
    .toBuffer();
}

/**
 * The shape of a C2PA manifest store (a JUMBF superbox labelled c2pa) without a
 * signature — enough to tell whether bytes that carried one still do.
 */
const JUMBF = Buffer.from(
  '\0\0\0\x20jumb\0\0\0\x18jumdc2pa\0\x11\0\x10\x80\0\0\xaa\x008\x9bq',
  'latin1',
);

/** A JPEG with the store in APP11, as C2PA embeds it. */
export function jpegWithManifest(jpeg: Buffer): Buffer {
  const parts = splitJpeg(jpeg);
  if (!parts) throw new Error('not a JPEG');
  const data = Buffer.concat([Buffer.from('JP', 'latin1'), Buffer.from([0, 1, 0, 0, 0, 1]), JUMBF]);
  return joinJpeg({ segments: [...parts.segments, { marker: APP11, data }], scan: parts.scan });
}

/** A PNG with the store in a caBX chunk before IEND. */
export function pngWithManifest(png: Buffer): Buffer {
  const head = Buffer.alloc(8);
  head.writeUInt32BE(JUMBF.length, 0);
  head.write('caBX', 4, 'latin1');
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(zlib.crc32(Buffer.concat([head.subarray(4), JUMBF])) >>> 0, 0);
  const iend = png.length - 12;
  return Buffer.concat([png.subarray(0, iend), head, JUMBF, crc, png.subarray(iend)]);
}
