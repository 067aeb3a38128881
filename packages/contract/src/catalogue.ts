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

/** The nine style presets of working areas §2, in the order the spec lists them. */
export const STYLE_PRESETS = [
  'anime',
  'vintage',
  'clay',
  'cyberpunk',
  'sketch',
  'pop-art',
  'watercolor',
  'oil-paint',
  'cinematic',
] as const;

/** The car presets: the spec says eleven and names twelve; all twelve are here. */
export const CAR_PRESETS = [
  'clay-to-render',
  'car-sketch',
  'white-bg',
  'beach',
  'car-cyberpunk',
  'sunset',
  'fog',
  'forest',
  'desert',
  'ca-highway',
  'beach-lot',
  'night-scene',
] as const;

export const BASIC_PRESETS = ['brighten', 'sharpen'] as const;

export const STYLE_TRANSFER = 'style-transfer';

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
/** Presets only a hosted provider can run, and the capability each needs. */
export const HOSTED_PRESETS = { [MULTIVIEW]: 'multiview', [TWO_STEP_RENDER]: 'render' } as const;

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
  'You need 10 tokens to generate more styles. Your tokens will refresh monthly.';
export const ROOM_PROCESSING_FAILED = 'Failed to process your room. Please try again.';
export const SEGMENTATION_FAILED = 'Failed to detect the furniture. Please try again.';
export const SEARCH_FAILED = 'Failed to search for similar products. Please try again.';
export const DESIGN_NOT_FOUND =
  "The shared design you're looking for doesn't exist or has been removed.";
