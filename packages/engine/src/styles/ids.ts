import { BASIC_PRESETS, CAR_PRESETS, STYLE_PRESETS } from '@image-lab/contract/catalogue';

export { BASIC_PRESETS, CAR_PRESETS, STYLE_PRESETS };
export type StyleId = (typeof STYLE_PRESETS)[number];

export type CarPresetId = (typeof CAR_PRESETS)[number];

export type BasicPresetId = (typeof BASIC_PRESETS)[number];

/** Every look a prompt or a button can ask for without a second image. */
export type StylePreset = StyleId | CarPresetId | BasicPresetId;
/** Style transfer also needs a reference image. */
export type PresetId = StylePreset | 'style-transfer';

export const PRESET_LABELS: Readonly<Record<PresetId, string>> = {
  anime: 'Anime',
  vintage: 'Vintage',
  clay: 'Clay',
  cyberpunk: 'Cyberpunk',
  sketch: 'Sketch',
  'pop-art': 'Pop Art',
  watercolor: 'Watercolor',
  'oil-paint': 'Oil Paint',
  cinematic: 'Cinematic',
  'clay-to-render': 'Clay to Render',
  'car-sketch': 'Car Sketch',
  'white-bg': 'White BG',
  beach: 'Beach',
  'car-cyberpunk': 'Car Cyberpunk',
  sunset: 'Sunset',
  fog: 'Fog',
  forest: 'Forest',
  desert: 'Desert',
  'ca-highway': 'CA Highway',
  'beach-lot': 'Beach Lot',
  'night-scene': 'Night Scene',
  brighten: 'Brighten',
  sharpen: 'Sharpen',
  'style-transfer': 'Style Transfer',
};

const STYLE_PRESET_SET = new Set<string>([...STYLE_PRESETS, ...CAR_PRESETS, ...BASIC_PRESETS]);

export function isStylePreset(value: string): value is StylePreset {
  return STYLE_PRESET_SET.has(value);
}

export function isPresetId(value: string): value is PresetId {
  return value === 'style-transfer' || STYLE_PRESET_SET.has(value);
}
