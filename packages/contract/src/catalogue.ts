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
