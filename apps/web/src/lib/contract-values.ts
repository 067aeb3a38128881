// The contract's runtime values the editor needs on its first screen, from the contract's
// catalogue: importing values from '@image-lab/contract' itself pulls in every zod schema
// (~26 KB compressed), which only the server and the forms need.
export {
  ASPECT_RATIOS,
  BASIC_PRESETS,
  CAD_TO_RENDER,
  CAR_PRESETS,
  MAX_DOWNLOAD_ALL_IMAGES,
  MULTIVIEW,
  PRESETS,
  panelPresets,
  STYLE_PRESETS,
  STYLE_TRANSFER,
  STYLE_TRANSFER_CREDITS,
  TWO_STEP_MIN_CREDITS,
  TWO_STEP_SKETCH,
  UPLOADED_IMAGE_PROMPT,
  UPSCALE_PRESETS,
  isPresetId,
} from '@image-lab/contract/catalogue';
