import fs from 'node:fs';
import path from 'node:path';
import zlib from 'node:zlib';
import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { EngineInputError } from '../src/errors.ts';
import { normalizeCrop, normalizeUpload } from '../src/normalize.ts';
import { sniffImageType } from '../src/sniff.ts';
import { FIXTURES, difference, fixture, measure } from './measure.ts';

const grey = { r: 128, g: 128, b: 128 };

async function refusal(promise: Promise<unknown>): Promise<string> {
  const error = await promise.then(
    () => null,
    (e: unknown) => e,
  );
  expect(error).toBeInstanceOf(EngineInputError);
  return (error as EngineInputError).code;
}

/** A PNG whose header claims a size its few bytes could never hold. */
function pngClaiming(width: number, height: number): Buffer {
  const chunk = (type: string, body: Buffer) => {
    const head = Buffer.alloc(8);
    head.writeUInt32BE(body.length, 0);
    head.write(type, 4, 'ascii');
    const crc = Buffer.alloc(4);
    crc.writeUInt32BE(zlib.crc32(Buffer.concat([head.subarray(4), body])) >>> 0, 0);
    return Buffer.concat([head, body, crc]);
  };
  const ihdr = Buffer.alloc(13);
  ihdr.writeUInt32BE(width, 0);
  ihdr.writeUInt32BE(height, 4);
  ihdr.set([8, 2, 0, 0, 0], 8);
  return Buffer.concat([
    Buffer.from('89504e470d0a1a0a', 'hex'),
    chunk('IHDR', ihdr),
    chunk('IDAT', zlib.deflateSync(Buffer.alloc(1000))),
    chunk('IEND', Buffer.alloc(0)),
  ]);
}

/** Grey with red bands along the top and bottom edges. */
function banded(width: number, height: number, band: number): Promise<Buffer> {
  const red = { create: { width, height: band, channels: 3 as const, background: '#ff0000' } };
  return sharp({ create: { width, height, channels: 3, background: grey } })
    .composite([
      { input: red, left: 0, top: 0 },
      { input: red, left: 0, top: height - band },
    ])
    .png()
    .toBuffer();
}

describe('sniffImageType', () => {
  const ftyp = (major: string, ...compatible: string[]) => {
    const brands = [major, '\0\0\0\0', ...compatible].join('');
    const box = Buffer.alloc(8 + brands.length);
    box.writeUInt32BE(box.length, 0);
    box.write('ftyp', 4, 'ascii');
    box.write(brands, 8, 'latin1');
    return Buffer.concat([box, Buffer.alloc(16)]);
  };

  it('tells the formats apart by their first bytes', async () => {
    expect(sniffImageType(await fixture('living-room.jpg'))).toBe('jpeg');
    expect(sniffImageType(fs.readFileSync(path.join(FIXTURES, 'cat.png')))).toBe('png');
    const webp = await sharp(await fixture('cat.png', 64))
      .webp()
      .toBuffer();
    expect(sniffImageType(webp)).toBe('webp');
    const avif = await sharp(await fixture('cat.png', 64))
      .avif({ effort: 0 })
      .toBuffer();
    expect(sniffImageType(avif)).toBe('avif');
    expect(sniffImageType(fs.readFileSync(path.join(FIXTURES, 'cat.heic')))).toBe('heic');
  });

  it('reads the HEIF brands, including the generic mif1', () => {
    expect(sniffImageType(ftyp('heic', 'mif1', 'heic'))).toBe('heic');
    expect(sniffImageType(ftyp('heix', 'mif1'))).toBe('heic');
    expect(sniffImageType(ftyp('mif1', 'mif1', 'heic'))).toBe('heic');
    expect(sniffImageType(ftyp('mif1', 'avif', 'mif1', 'miaf'))).toBe('avif');
    expect(sniffImageType(ftyp('avif', 'mif1', 'miaf'))).toBe('avif');
    expect(sniffImageType(ftyp('avis', 'msf1'))).toBe('avif');
    expect(sniffImageType(ftyp('mif1'))).toBe('heic');
    expect(sniffImageType(ftyp('isom', 'mp41'))).toBeNull();
  });

  it('refuses anything else', () => {
    expect(sniffImageType(Buffer.from('GIF89a0000000000'))).toBeNull();
    expect(sniffImageType(Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"/>'))).toBeNull();
    expect(sniffImageType(Buffer.alloc(4))).toBeNull();
  });
});

describe('normalizeUpload', () => {
  it('applies EXIF orientation 6 and strips the metadata', async () => {
    const input = await sharp({
      create: { width: 3000, height: 2000, channels: 3, background: grey },
    })
      .composite([
        {
          input: { create: { width: 300, height: 300, channels: 3, background: '#ff0000' } },
          left: 0,
          top: 0,
        },
      ])
      .jpeg()
      .withMetadata({ orientation: 6 })
      .toBuffer();
    const result = await normalizeUpload(input);
    expect(result).toMatchObject({ width: 2000, height: 3000, aspectRatio: '2:3', shrunk: false });
    const metadata = await sharp(result.data).metadata();
    expect(metadata.format).toBe('jpeg');
    expect(metadata.exif).toBeUndefined();
    expect(metadata.orientation).toBeUndefined();
    // Rotated clockwise: the red corner is now top right.
    const topRight = await measure(result.data, { left: 0.9, top: 0, width: 0.1, height: 0.05 });
    const topLeft = await measure(result.data, { left: 0, top: 0, width: 0.1, height: 0.05 });
    expect(topRight.red - topRight.green).toBeGreaterThan(100);
    expect(Math.abs(topLeft.red - topLeft.green)).toBeLessThan(10);
  });

  it('accepts a PNG whatever its name, by its bytes', async () => {
    const result = await normalizeUpload(fs.readFileSync(path.join(FIXTURES, 'coffee.png')));
    expect(result.sourceType).toBe('png');
    expect(result).toMatchObject({ aspectRatio: '3:2', width: 600, height: 400 });
    expect(sniffImageType(result.data)).toBe('jpeg');
  });

  it('accepts WebP and AVIF', async () => {
    const source = await fixture('cat.png', 300);
    const webp = await normalizeUpload(await sharp(source).webp().toBuffer());
    const avif = await normalizeUpload(await sharp(source).avif({ effort: 0 }).toBuffer());
    expect(webp.sourceType).toBe('webp');
    expect(avif.sourceType).toBe('avif');
    expect(await difference(webp.data, avif.data)).toBeLessThan(8);
  });

  it('refuses random bytes as an unsupported type', async () => {
    const random = Buffer.from(Array.from({ length: 4096 }, (_, i) => (i * 7919 + 13) % 251));
    expect(await refusal(normalizeUpload(random))).toBe('unsupported_type');
  });

  it('refuses a truncated JPEG as corrupt', async () => {
    const whole = await fixture('living-room.jpg');
    expect(await refusal(normalizeUpload(whole.subarray(0, whole.length / 2)))).toBe('corrupt');
    const header = Buffer.concat([whole.subarray(0, 20), Buffer.alloc(200, 0x55)]);
    expect(await refusal(normalizeUpload(header))).toBe('corrupt');
  });

  it('refuses pixel bombs before decoding them', async () => {
    const bomb = pngClaiming(100_000, 100_000);
    expect(bomb.length).toBeLessThan(200);
    expect(await refusal(normalizeUpload(bomb))).toBe('too_many_pixels');
    const real = await sharp({
      create: { width: 4000, height: 4000, channels: 3, background: grey },
    })
      .png()
      .toBuffer();
    expect(await refusal(normalizeUpload(real, { maxPixels: 1_000_000 }))).toBe('too_many_pixels');
  });

  it('keeps the framing of any ratio and shrinks only a long side beyond 3840', async () => {
    const tall = await normalizeUpload(await banded(1000, 1100, 20));
    expect(tall).toMatchObject({ aspectRatio: '1:1', width: 1000, height: 1100, shrunk: false });
    const top = await measure(tall.data, { left: 0.3, top: 0, width: 0.4, height: 0.01 });
    expect(top.red - top.green).toBeGreaterThan(150);
    const wide = await normalizeUpload(await banded(5000, 2000, 40));
    expect(wide).toMatchObject({ aspectRatio: '21:9', width: 3840, height: 1536, shrunk: true });
    expect(wide.original).toMatchObject({ width: 5000, height: 2000 });
  });

  it('decodes HEIC through heic-decode (sharp has no HEVC)', async () => {
    const heic = fs.readFileSync(path.join(FIXTURES, 'cat.heic'));
    const result = await normalizeUpload(heic);
    expect(result).toMatchObject({
      sourceType: 'heic',
      aspectRatio: '3:2',
      width: 320,
      height: 213,
    });
    expect(result.original).toMatchObject({ format: 'jpg', width: 320, height: 213 });
    // The fixture was encoded from cat.png: the decoded picture must look like it.
    expect(await difference(result.data, await fixture('cat.png'))).toBeLessThan(12);
  });

  it('refuses a damaged HEIC as corrupt', async () => {
    const heic = fs.readFileSync(path.join(FIXTURES, 'cat.heic'));
    expect(await refusal(normalizeUpload(heic.subarray(0, 3000)))).toBe('corrupt');
    expect(await refusal(normalizeUpload(heic.subarray(0, 40)))).toBe('corrupt');
  });

  it('refuses a HEIC with too many pixels', async () => {
    const heic = fs.readFileSync(path.join(FIXTURES, 'cat.heic'));
    expect(await refusal(normalizeUpload(heic, { maxPixels: 10_000 }))).toBe('too_many_pixels');
  });
});

describe('normalizeCrop', () => {
  it('keeps a PNG crop lossless and its exact size', async () => {
    const png = await sharp(await fixture('coffee.png', 333))
      .png()
      .toBuffer();
    const crop = await normalizeCrop(png);
    const { width, height } = await sharp(png).metadata();
    expect(crop).toMatchObject({ format: 'png', width, height, aspectRatio: '3:2' });
    expect(await difference(crop.data, png)).toBe(0);
  });

  it('re-encodes a JPEG crop without its metadata', async () => {
    const jpeg = await sharp(await fixture('cat.png', 301))
      .resize(301, 160, { fit: 'cover' })
      .jpeg()
      .withMetadata({ orientation: 1 })
      .withExif({ IFD0: { Copyright: 'someone', Software: 'camera' } })
      .toBuffer();
    expect((await sharp(jpeg).metadata()).exif).toBeDefined();
    const crop = await normalizeCrop(jpeg);
    expect(crop).toMatchObject({ format: 'jpeg', width: 301, height: 160, aspectRatio: 'free' });
    expect((await sharp(crop.data).metadata()).exif).toBeUndefined();
  });
});

describe('the original as uploaded (issue 21)', () => {
  it('keeps a JPEG byte for byte and edits it whole: no ceiling or rug cut off', async () => {
    const upload = fs.readFileSync(path.join(FIXTURES, 'living-room.jpg'));
    const result = await normalizeUpload(upload);
    expect(result.original).toMatchObject({ format: 'jpg', width: 1600, height: 960 });
    expect(result.original.data.equals(upload)).toBe(true);
    expect(result).toMatchObject({ aspectRatio: '16:9', width: 1600, height: 960, shrunk: false });
  });

  it('never enlarges a small upload', async () => {
    const upload = fs.readFileSync(path.join(FIXTURES, 'cat.png'));
    const result = await normalizeUpload(upload);
    expect(result.original).toMatchObject({ format: 'png', width: 451, height: 300 });
    expect(result.original.data.equals(upload)).toBe(true);
    expect(result).toMatchObject({ aspectRatio: '3:2', width: 451, height: 300, shrunk: false });
  });

  it('keeps the camera and orientation in the original and gives its upright size', async () => {
    const upload = await sharp({
      create: { width: 300, height: 200, channels: 3, background: grey },
    })
      .jpeg()
      .withExif({ IFD0: { Make: 'Canon', Model: 'EOS R5' } })
      .withMetadata({ orientation: 6 })
      .toBuffer();
    const result = await normalizeUpload(upload);
    expect(result.original).toMatchObject({ width: 200, height: 300 });
    const kept = await sharp(result.original.data).metadata();
    expect(kept.orientation).toBe(6);
    expect(kept.exif?.includes('EOS R5')).toBe(true);
  });

  it('cuts off whatever was appended after the image (a polyglot)', async () => {
    const payload = Buffer.from('<?php system($_GET["c"]); ?>');
    const jpeg = fs.readFileSync(path.join(FIXTURES, 'living-room.jpg'));
    const png = fs.readFileSync(path.join(FIXTURES, 'cat.png'));
    const fromJpeg = await normalizeUpload(Buffer.concat([jpeg, payload]));
    const fromPng = await normalizeUpload(Buffer.concat([png, payload]));
    expect(fromJpeg.original.data.equals(jpeg)).toBe(true);
    expect(fromPng.original.data.equals(png)).toBe(true);
  });

  it('turns a WebP into an upright JPEG original', async () => {
    const webp = await sharp(await fixture('cat.png', 300))
      .webp()
      .toBuffer();
    const result = await normalizeUpload(webp);
    expect(result.original.format).toBe('jpg');
    expect(sniffImageType(result.original.data)).toBe('jpeg');
  });
});
