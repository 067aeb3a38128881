import { describe, expect, it } from 'vitest';
import {
  DEFAULT_PRESETS,
  isFeatureReady,
  LATER_FEATURES,
  presetPressOutcome,
} from './preset-catalogue.ts';

describe('preset lists', () => {
  it('have the nine styles, twelve car looks and four others', () => {
    expect(DEFAULT_PRESETS.styles).toHaveLength(9);
    expect(DEFAULT_PRESETS.car).toHaveLength(12);
    expect(DEFAULT_PRESETS.other).toEqual([
      'brighten',
      'sharpen',
      'style-transfer',
      'cad-to-render',
    ]);
  });
});

describe('isFeatureReady', () => {
  const feature = { id: 'later', capability: 'inpaint', built: false };
  const offered = [{ capability: 'inpaint', available: true, provider: 'local' }];
  it('needs the capability offered and a screen for it', () => {
    expect(LATER_FEATURES.some((f) => f.id === ('upscale' as string))).toBe(false);
    expect(isFeatureReady(feature, undefined)).toBe(false);
    expect(isFeatureReady(feature, offered)).toBe(false);
    expect(isFeatureReady({ ...feature, built: true }, offered)).toBe(true);
    expect(
      isFeatureReady({ ...feature, built: true }, [{ ...offered[0]!, available: false }]),
    ).toBe(false);
  });
});

describe('presetPressOutcome', () => {
  it('applies on a press', () => {
    expect(presetPressOutcome(null, 'anime', 'press')).toEqual({ locked: null, apply: true });
    expect(presetPressOutcome('clay', 'anime', 'press')).toEqual({ locked: 'clay', apply: true });
  });
  it('locks on a hold, replacing another lock', () => {
    expect(presetPressOutcome('clay', 'anime', 'hold')).toEqual({ locked: 'anime', apply: false });
  });
  it('unlocks when the locked preset is pressed again', () => {
    expect(presetPressOutcome('anime', 'anime', 'press')).toEqual({ locked: null, apply: false });
  });
});
