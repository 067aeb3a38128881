import {
  BASIC_PRESETS,
  CAD_TO_RENDER,
  CAR_PRESETS,
  STYLE_PRESETS,
  STYLE_TRANSFER,
  TWO_STEP_SKETCH,
  type PresetIdIn,
} from '@image-lab/contract/catalogue';

export { BASIC_PRESETS, CAR_PRESETS, STYLE_PRESETS };
/** Render buttons the local engine can do itself (src/render/render-looks.ts). */
export const RENDER_PRESETS = [CAD_TO_RENDER, TWO_STEP_SKETCH] as const;
export type RenderPresetId = (typeof RENDER_PRESETS)[number];
export type StyleId = PresetIdIn<'styles'>;

export type CarPresetId = PresetIdIn<'car'>;

export type BasicPresetId = PresetIdIn<'basic'>;

/** Every look a prompt or a button can ask for without a second image. */
export type StylePreset = StyleId | CarPresetId | BasicPresetId | RenderPresetId;
/** What the 'preset' capability runs: the looks, and style transfer (with a reference image). */
export type LocalPresetId = StylePreset | typeof STYLE_TRANSFER;

/** The engine's English names, for what a result says was applied. */
export const PRESET_LABELS: Readonly<Record<LocalPresetId, string>> = {
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
  'cad-to-render': 'CAD to Render',
  'two-step-sketch': 'Sketch conversion',
};

const STYLE_PRESET_SET = new Set<string>([
  ...STYLE_PRESETS,
  ...CAR_PRESETS,
  ...BASIC_PRESETS,
  ...RENDER_PRESETS,
]);

export function isStylePreset(value: string): value is StylePreset {
  return STYLE_PRESET_SET.has(value);
}

export function isLocalPresetId(value: string): value is LocalPresetId {
  return value === STYLE_TRANSFER || STYLE_PRESET_SET.has(value);
}
