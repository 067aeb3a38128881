// The spec's fixed lists, shared by the engine (which implements them), the server (which checks
// requests against them) and the web app (which shows them before the server has answered).

/** The nine aspect ratios of working areas §3, widest first. */
export const ASPECT_RATIOS = [
  '21:9',
  '16:9',
  '4:3',
  '3:2',
  '1:1',
  '2:3',
  '3:4',
  '9:16',
  '9:21',
] as const;

/**
 * The longest side an edit works at: the largest preset resolution (3840). A larger upload is
 * edited from a copy shrunk to it, framing unchanged; the original is kept as it came
 * (docs/decisions/041).
 */
export const MAX_WORKING_SIDE = 3840;

/** The size edits of an upload of this (upright) size work at: never enlarged, never cropped. */
export function workingSize(width: number, height: number): { width: number; height: number } {
  const scale = Math.min(1, MAX_WORKING_SIDE / Math.max(width, height));
  return {
    width: Math.max(1, Math.round(width * scale)),
    height: Math.max(1, Math.round(height * scale)),
  };
}

/** The mark the spec gives an upload in the edited-images store. */
export const UPLOADED_IMAGE_PROMPT = '[UPLOADED IMAGE]';

/** The error catalogue's 'No Images' text: Download all with nothing to download. */
export const NO_IMAGES_TO_DOWNLOAD = 'No images to download.';
export const MAX_DOWNLOAD_ALL_IMAGES = 100;

/** Monthly plans (working areas §2 Subscription, §9): price in US cents, credits per paid month. */
export const BILLING_PLANS = {
  basic: { priceCents: 999, credits: 1000, prioritySupport: false, mostPopular: false },
  premium: { priceCents: 1999, credits: 5000, prioritySupport: true, mostPopular: true },
} as const;
export type PlanKey = keyof typeof BILLING_PLANS;
export const PLAN_IDS = ['basic', 'premium'] as const;
export const BILLING_CURRENCY = 'usd';

/** The premium room upgrade: a one-off payment whose amount the client sends as 29.99. */
export const PREMIUM_ROOMS_AMOUNT = 29.99;
export const PREMIUM_ROOMS_CENTS = 2999;

/** Test mode's card numbers, as Stripe's own test cards behave. */
export const TEST_CARD_SUCCEEDS = '4242424242424242';
export const TEST_CARD_DECLINED = '4000000000000002';
export const CARD_DECLINED_MESSAGE = 'Your card was declined.';
export const SUBSCRIPTION_LOAD_FAILED = 'Unable to load subscription. Please try again.';

/**
 * Every preset id, once: the buttons of the presets panel (working areas §2: nine styles, the car
 * looks, Brighten, Sharpen, style transfer, CAD to render), the steps of the render flows
 * (§4: two-step render, multiview) and the Upscale menu. Each carries the facts more than one
 * part needs; which capability serves a preset is the engine's decision (engine/preset-routes).
 */
interface PresetFacts {
  /** Where the editor shows it; GET /api/capabilities sends styles, car and basic + other. */
  readonly group: 'styles' | 'car' | 'basic' | 'other' | 'flow' | 'upscale';
  /** Takes over the colours of a second image, which the request must name. */
  readonly needsReference?: true;
  /** Always one result image (and one credit), whatever the editor's image count says. */
  readonly oneImage?: true;
  /** Upscale 2× or 4×: ESRGAN, or with `fast` Lanczos and sharpening. */
  readonly upscale?: { readonly factor: 2 | 4; readonly fast: boolean };
}

export const STYLE_TRANSFER = 'style-transfer';
/**
 * The render buttons of working areas §2 and §4. 'cad-to-render' is a preset (a local render-look
 * grade, a photorealistic render with a hosted 'render' provider). Two-step render: step 1
 * converts to a sketch (local), step 2 renders it photorealistically (hosted 'render' only);
 * it needs at least 20 credits. Multiview pads to a square and asks a hosted 'multiview'
 * provider for four views (3/4 front, side, back, 3/4 back) in one image.
 */
export const CAD_TO_RENDER = 'cad-to-render';
export const TWO_STEP_SKETCH = 'two-step-sketch';
export const TWO_STEP_RENDER = 'photoreal-render';
export const TWO_STEP_MIN_CREDITS = 20;
export const MULTIVIEW = 'multiview';

const upscale = (factor: 2 | 4, fast: boolean) =>
  ({ group: 'upscale', oneImage: true, upscale: { factor, fast } }) as const;

/** In the spec's order within each group. The spec says eleven car presets and names twelve. */
export const PRESETS = {
  anime: { group: 'styles' },
  vintage: { group: 'styles' },
  clay: { group: 'styles' },
  cyberpunk: { group: 'styles' },
  sketch: { group: 'styles' },
  'pop-art': { group: 'styles' },
  watercolor: { group: 'styles' },
  'oil-paint': { group: 'styles' },
  cinematic: { group: 'styles' },
  'clay-to-render': { group: 'car' },
  'car-sketch': { group: 'car' },
  'white-bg': { group: 'car' },
  beach: { group: 'car' },
  'car-cyberpunk': { group: 'car' },
  sunset: { group: 'car' },
  fog: { group: 'car' },
  forest: { group: 'car' },
  desert: { group: 'car' },
  'ca-highway': { group: 'car' },
  'beach-lot': { group: 'car' },
  'night-scene': { group: 'car' },
  brighten: { group: 'basic' },
  sharpen: { group: 'basic' },
  [STYLE_TRANSFER]: { group: 'other', needsReference: true },
  [CAD_TO_RENDER]: { group: 'other' },
  [TWO_STEP_SKETCH]: { group: 'flow' },
  [TWO_STEP_RENDER]: { group: 'flow' },
  [MULTIVIEW]: { group: 'flow' },
  'upscale-2x': upscale(2, false),
  'upscale-4x': upscale(4, false),
  'upscale-2x-fast': upscale(2, true),
  'upscale-4x-fast': upscale(4, true),
} as const satisfies Record<string, PresetFacts>;

export type PresetId = keyof typeof PRESETS;
export type PresetGroup = PresetFacts['group'];
/** The ids of one or more groups, as a type. */
export type PresetIdIn<G extends PresetGroup> = {
  [K in PresetId]: (typeof PRESETS)[K]['group'] extends G ? K : never;
}[PresetId];

export const PRESET_IDS = Object.keys(PRESETS) as PresetId[];

export function presetIdsIn<G extends PresetGroup>(...groups: G[]): PresetIdIn<G>[] {
  const wanted = new Set<PresetGroup>(groups);
  return PRESET_IDS.filter((id): id is PresetIdIn<G> => wanted.has(PRESETS[id].group));
}

export function isPresetId(value: string): value is PresetId {
  return Object.hasOwn(PRESETS, value);
}

export const presetFacts = (id: PresetId): PresetFacts => PRESETS[id];

/** The nine style presets of working areas §2. */
export const STYLE_PRESETS = presetIdsIn('styles');
/** The car presets. */
export const CAR_PRESETS = presetIdsIn('car');
export const BASIC_PRESETS = presetIdsIn('basic');
export const UPSCALE_PRESETS = presetIdsIn('upscale');

/** The presets panel's three lists, as GET /api/capabilities sends them. */
export const panelPresets = () => ({
  styles: [...STYLE_PRESETS] as string[],
  car: [...CAR_PRESETS] as string[],
  other: presetIdsIn('basic', 'other') as string[],
});

/**
 * Working areas §9 'style application 10 credits': each image of a style transfer (the
 * 'style-transfer' preset, or a prompt the engine routes to it) costs 10 credits, not 1
 * (docs/decisions/045).
 */
export const STYLE_TRANSFER_CREDITS = 10;

/** Image to video (working areas §7, §9): 10 credits, shown as 3 seconds at 24 fps. */
export const VIDEO_CREDITS = 10;
export const VIDEO_SECONDS = 3;
export const VIDEO_FPS = 24;
export const VIDEO_DOWNLOAD_FAILED = 'Could not download the video.';

/** Room design (working areas §2, §4, §8, §9): the four styles, 'More styles' and its texts. */
export const ROOM_STYLE_IDS = ['modern', 'scandinavian', 'industrial', 'bohemian'] as const;
export const MORE_ROOM_STYLE_IDS = ['minimalist', 'mid-century', 'coastal', 'japandi'] as const;
export const ROOM_STATUSES = ['uploaded', 'processing', 'completed', 'failed'] as const;
export const MORE_STYLES_TOKENS = 10;
export const NOT_ENOUGH_TOKENS =
  'You need 10 credits to generate more styles. Your credits will refresh monthly.';
export const ROOM_PROCESSING_FAILED = 'Failed to process your room. Please try again.';
export const SEGMENTATION_FAILED = 'Failed to detect the furniture. Please try again.';
export const SEARCH_FAILED = 'Failed to search for similar products. Please try again.';
export const DESIGN_NOT_FOUND =
  "The shared design you're looking for doesn't exist or has been removed.";
