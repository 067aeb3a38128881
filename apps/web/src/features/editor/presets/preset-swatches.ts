import type { PresetIdIn } from '@image-lab/contract/catalogue';

/** A colour hint per look, so a preset can be found by eye before its name is read. */
export const PRESET_SWATCHES: Readonly<Record<PresetIdIn<'styles' | 'car' | 'basic'>, string>> = {
  anime: 'linear-gradient(135deg, #ff9ad5, #7ec8ff)',
  vintage: 'linear-gradient(135deg, #d9b77e, #7a5c3a)',
  clay: 'linear-gradient(135deg, #e6c7ad, #a9806a)',
  cyberpunk: 'linear-gradient(135deg, #ff00c8, #00e5ff)',
  sketch: 'linear-gradient(135deg, #f5f5f5, #5f5f5f)',
  'pop-art': 'linear-gradient(135deg, #ffde00, #ff2d55)',
  watercolor: 'linear-gradient(135deg, #8fd3f4, #f6c1de)',
  'oil-paint': 'linear-gradient(135deg, #e0a030, #6b3f1d)',
  cinematic: 'linear-gradient(135deg, #0f4c5c, #e36414)',
  'clay-to-render': 'linear-gradient(135deg, #d6d3cf, #4a6fa5)',
  'car-sketch': 'linear-gradient(135deg, #ffffff, #44474d)',
  'white-bg': '#ffffff',
  beach: 'linear-gradient(135deg, #f4d58d, #3fa7d6)',
  'car-cyberpunk': 'linear-gradient(135deg, #7b2ff7, #f107a3)',
  sunset: 'linear-gradient(135deg, #ff7e5f, #feb47b)',
  fog: 'linear-gradient(135deg, #eceff1, #90a4ae)',
  forest: 'linear-gradient(135deg, #95d5b2, #2d6a4f)',
  desert: 'linear-gradient(135deg, #e9c46a, #c07a3a)',
  'ca-highway': 'linear-gradient(135deg, #f4a261, #577590)',
  'beach-lot': 'linear-gradient(135deg, #ffd6a5, #48cae4)',
  'night-scene': 'linear-gradient(135deg, #3a506b, #0b132b)',
  brighten: 'linear-gradient(135deg, #fff7c2, #ffd43b)',
  sharpen: 'linear-gradient(135deg, #dee2e6, #212529)',
};

export const swatchOf = (id: string): string | undefined =>
  (PRESET_SWATCHES as Readonly<Record<string, string | undefined>>)[id];
