import { beforeAll, describe, expect, it } from 'vitest';
import { fixture } from '../../test/measure.ts';
import { createLocalProvider } from '../local-provider.ts';
import { detectObjects, loadDetector } from '../models/object-detector.ts';

const provider = createLocalProvider();

describe('"remove the …" in the editor (local provider)', () => {
  let photo: Buffer;
  beforeAll(async () => {
    await loadDetector();
    photo = await fixture('living-room.jpg', 640);
  });

  it('removes the named object and says so', async () => {
    const result = await provider.edit!({ image: photo, prompt: 'remove the sofa', numImages: 1 });
    expect(result.applied).toEqual([
      'Removed the sofa (outlined and filled from the surroundings)',
    ]);
    expect(result.unsupported).toEqual([]);
    const after = await detectObjects(result.images[0]!);
    expect(after.filter((o) => o.label === 'couch' && o.score >= 0.3)).toEqual([]);
  });

  it('does it in German and French, together with other instructions', async () => {
    const german = await provider.edit!({
      image: photo,
      prompt: 'Entferne den Stuhl und mach es heller',
      numImages: 1,
    });
    expect(german.applied[0]).toMatch(/^Removed the chair /);
    expect(german.applied.some((a) => a.startsWith('Brightness +'))).toBe(true);
    const french = await provider.edit!({
      image: photo,
      prompt: 'supprime la chaise',
      numImages: 1,
    });
    expect(french.applied[0]).toMatch(/^Removed the chair /);
  });

  it('refuses when the named object is not in the photo', async () => {
    await expect(
      provider.edit!({ image: photo, prompt: 'remove the dog', numImages: 1 }),
    ).rejects.toMatchObject({ code: 'nothing_to_do', message: 'No dog found in the image' });
    const partly = await provider.edit!({
      image: photo,
      prompt: 'remove the dog, warmer',
      numImages: 1,
    });
    expect(partly.unsupported).toEqual(['remove the dog']);
  });

  it('offers detection and inpainting as capabilities', () => {
    expect(provider.capabilities.has('detectObjects')).toBe(true);
    expect(provider.capabilities.has('inpaint')).toBe(true);
  });
});
