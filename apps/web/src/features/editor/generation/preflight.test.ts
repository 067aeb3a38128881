import { describe, expect, it } from 'vitest';
import { preflight, type PreflightInput } from './preflight.ts';

const base: PreflightInput = {
  prompt: 'make it brighter',
  hasImage: true,
  canGenerateNew: false,
  credits: 10,
  numImages: 1,
};
const titleOf = (input: Partial<PreflightInput>) => {
  const result = preflight({ ...base, ...input });
  return result.ok ? 'ok' : (result.toast.title as { key: string }).key;
};

describe('preflight', () => {
  it('lets an edit of an image through', () => {
    expect(preflight(base)).toEqual({ ok: true, generateNew: false });
  });
  it('needs a prompt unless a preset is applied', () => {
    expect(titleOf({ prompt: '  ' })).toBe('editor.errors.noInstructions');
    expect(titleOf({ prompt: '', preset: 'anime' })).toBe('ok');
  });
  it('needs an image for presets, and for prompts unless new images can be made', () => {
    const preset = preflight({ ...base, preset: 'anime', hasImage: false });
    expect(preset).toMatchObject({
      ok: false,
      toast: { description: { key: 'editor.errors.presetNeedsImage' } },
    });
    expect(titleOf({ hasImage: false })).toBe('editor.errors.noImage');
    expect(preflight({ ...base, hasImage: false, canGenerateNew: true })).toEqual({
      ok: true,
      generateNew: true,
    });
  });
  it('needs credits above 0 when the balance is known', () => {
    expect(preflight({ ...base, credits: 0 })).toMatchObject({
      ok: false,
      toast: { outOfCredits: true },
    });
    expect(titleOf({ credits: undefined })).toBe('ok');
  });
});

describe('preflight of a style transfer (10 credits per image, decision 045)', () => {
  const style = { ...base, prompt: '', preset: 'style-transfer' };
  it('lets it through with 10 credits per image', () => {
    expect(preflight({ ...style, credits: 10 }).ok).toBe(true);
    expect(preflight({ ...style, credits: 20, numImages: 2 }).ok).toBe(true);
  });
  it('refuses it under 10 credits per image, saying what it costs', () => {
    for (const [credits, numImages] of [
      [9, 1],
      [19, 2],
    ] as const) {
      expect(preflight({ ...style, credits, numImages })).toEqual({
        ok: false,
        toast: {
          title: { key: 'editor.errors.outOfCredits' },
          description: { key: 'editor.errors.styleTransferNeedsCredits', values: { count: 10 } },
          outOfCredits: true,
        },
      });
    }
    // Other presets still need one credit only.
    expect(preflight({ ...style, preset: 'anime', credits: 1 }).ok).toBe(true);
  });
});
