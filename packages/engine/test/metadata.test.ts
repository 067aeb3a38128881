import exifr from 'exifr';
import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { withoutPosition } from '../src/metadata/public-copy.ts';
import { splitJpeg } from '../src/metadata/jpeg-segments.ts';
import { cameraPhoto as camera, jpegWithManifest } from '../src/metadata/test-support.ts';
import { hasContentCredentials, withResultMetadata } from '../src/metadata/result-metadata.ts';
import { fixture } from './measure.ts';

const SOURCE_TYPES = 'http://cv.iptc.org/newscodes/digitalsourcetype/';

const cameraPhoto = async () => camera(await fixture('living-room.jpg', 400));

/** What the engine hands back: an upright JPEG without metadata. */
const resultOf = (source: Buffer) =>
  sharp(source).rotate().modulate({ brightness: 1.2 }).jpeg({ quality: 92 }).toBuffer();

describe('result metadata (issue 22)', () => {
  it('keeps the camera, resets the orientation and writes the source type and steps', async () => {
    const source = await cameraPhoto();
    expect(await exifr.orientation(source)).toBe(6);
    const result = await resultOf(source);
    const { data } = await withResultMetadata(result, {
      source,
      sourceType: 'algorithmicallyEnhanced',
      step: 'Prompt: make it brighter (local)',
    });
    const tags = await exifr.parse(data, { xmp: true, gps: true, mergeOutput: true });
    expect(tags.Make).toBe('Canon');
    expect(tags.Model).toBe('EOS R5');
    expect(await exifr.orientation(data)).toBe(1);
    expect(tags.DigitalSourceType).toBe(`${SOURCE_TYPES}algorithmicallyEnhanced`);
    expect(JSON.stringify(tags.History)).toContain('Prompt: make it brighter (local)');
    // The owner's copy keeps the position; the pixels are the result's, untouched.
    expect((await exifr.gps(data))?.latitude).toBeCloseTo(48.14167, 3);
    expect(splitJpeg(data)!.scan.equals(splitJpeg(result)!.scan)).toBe(true);
  });

  it("continues an earlier result's history and never weakens its source type", async () => {
    const source = await cameraPhoto();
    const first = await withResultMetadata(await resultOf(source), {
      source,
      sourceType: 'compositeWithTrainedAlgorithmicMedia',
      step: 'Preset: anime (openai)',
    });
    const second = await withResultMetadata(await resultOf(first.data), {
      source: first.data,
      sourceType: 'algorithmicallyEnhanced',
      step: 'Brighten (local)',
    });
    const xmp = await exifr.parse(second.data, { xmp: true, mergeOutput: true });
    expect(xmp.DigitalSourceType).toBe(`${SOURCE_TYPES}compositeWithTrainedAlgorithmicMedia`);
    const history = JSON.stringify(xmp.History);
    expect(history.indexOf('Preset: anime (openai)')).toBeLessThan(history.indexOf('Brighten'));
  });

  it('writes trainedAlgorithmicMedia on a generated image without a source', async () => {
    const generated = await sharp({
      create: { width: 64, height: 48, channels: 3, background: '#336699' },
    })
      .jpeg()
      .toBuffer();
    const { data } = await withResultMetadata(generated, {
      sourceType: 'trainedAlgorithmicMedia',
      step: 'Generate: a red car (openai)',
    });
    const xmp = await exifr.parse(data, { xmp: true, mergeOutput: true });
    expect(xmp.DigitalSourceType).toBe(`${SOURCE_TYPES}trainedAlgorithmicMedia`);
  });

  it('keeps a wide-gamut ICC profile, the pixels converted into it', async () => {
    const p3 = await sharp(await fixture('rocket.jpg', 200))
      .withIccProfile('p3')
      .jpeg()
      .toBuffer();
    const result = await resultOf(p3);
    const { data } = await withResultMetadata(result, {
      source: p3,
      sourceType: 'algorithmicallyEnhanced',
      step: 'Brighten (local)',
    });
    const { icc } = await sharp(data).metadata();
    expect(icc?.equals((await sharp(p3).metadata()).icc!)).toBe(true);
    // Read back into sRGB, the picture is the result's (colour managed both ways).
    const [a, b] = await Promise.all(
      [result, data].map((img) => sharp(img).toColourspace('srgb').raw().toBuffer()),
    );
    let total = 0;
    for (let i = 0; i < a!.length; i++) total += Math.abs(a![i]! - b![i]!);
    expect(total / a!.length).toBeLessThan(3);
  });

  it('passes a result with a C2PA manifest through byte for byte', async () => {
    const plain = await resultOf(await fixture('rocket.jpg', 120));
    const signed = jpegWithManifest(plain);
    expect(hasContentCredentials(signed)).toBe(true);
    const kept = await withResultMetadata(signed, {
      source: await cameraPhoto(),
      sourceType: 'compositeWithTrainedAlgorithmicMedia',
      step: 'Edit (openai)',
    });
    expect(kept.contentCredentials).toBe('kept');
    expect(kept.data.equals(signed)).toBe(true);
  });
});

describe('public copies (issue 22)', () => {
  it('erase the GPS position and keep everything else', async () => {
    const source = await cameraPhoto();
    const { data } = await withResultMetadata(await resultOf(source), {
      source,
      sourceType: 'algorithmicallyEnhanced',
      step: 'Brighten (local)',
    });
    const shown = withoutPosition(data);
    expect(shown.length).toBe(data.length);
    expect(await exifr.gps(shown)).toBeUndefined();
    const tags = await exifr.parse(shown, { xmp: true, gps: true, mergeOutput: true });
    expect(tags.Model).toBe('EOS R5');
    expect(tags.GPSLatitude).toBeUndefined();
    expect(tags.DigitalSourceType).toBe(`${SOURCE_TYPES}algorithmicallyEnhanced`);
    // Nothing of the position is left in the bytes: 48° 8' 30" was stored as rationals.
    const degrees = Buffer.from([0, 0, 0, 48, 0, 0, 0, 1]);
    expect(data.includes(degrees) || data.includes(Buffer.from([48, 0, 0, 0, 1, 0, 0, 0]))).toBe(
      true,
    );
    expect(shown.includes(degrees) || shown.includes(Buffer.from([48, 0, 0, 0, 1, 0, 0, 0]))).toBe(
      false,
    );
  });

  it('give back the same bytes when there is no position', async () => {
    const plain = await fixture('living-room.jpg', 100);
    expect(withoutPosition(plain)).toBe(plain);
    const png = await sharp(plain).png().toBuffer();
    expect(withoutPosition(png)).toBe(png);
  });
});
