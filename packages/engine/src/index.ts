/**
 * The image engine: a provider registry over capabilities (edit, generate, preset, analyze,
 * enhancePrompt, ...) and the local provider, which edits real pixels with sharp on the CPU.
 */
export const ENGINE_NAME = 'local';

export { analyzeImage, guessCategory } from './analyze.ts';
export type { Analysis, AnalyzeOptions, ImageCategory } from './analyze.ts';
export {
  ASPECT_RATIOS,
  PRESET_RESOLUTIONS,
  cropGenerationSize,
  detectAspectRatio,
  isAspectRatio,
  nearestAspectRatio,
  nearestPresetResolution,
  presetWithShortSide,
  ratioValue,
} from './aspect.ts';
export type { AspectRatio, Resolution } from './aspect.ts';
export { enhancePrompt } from './enhance-prompt.ts';
export { EngineInputError } from './errors.ts';
export type { EngineInputErrorCode } from './errors.ts';
export { generateImage } from './generate.ts';
export type { GenerateOptions } from './generate.ts';
export type { ImageStats } from './image-stats.ts';
export { createLocalProvider } from './local-provider.ts';
export { normalizeCrop, normalizeUpload } from './normalize.ts';
export type { NormalizeOptions, NormalizedCrop, NormalizedImage } from './normalize.ts';
export { applyOperations } from './operations/apply.ts';
export type { ApplyOptions } from './operations/apply.ts';
export { describeOperation } from './operations/types.ts';
export type { Operation, OperationKind } from './operations/types.ts';
export { applyPreset } from './presets.ts';
export type { PresetOptions } from './presets.ts';
export { analyzePrompt, interpretPrompt } from './prompt/interpret.ts';
export type { InterpretedPrompt } from './prompt/interpret.ts';
export type { PromptLanguage } from './prompt/text.ts';
export { CAPABILITIES } from './provider.ts';
export type {
  Capability,
  EditRequest,
  GenerateRequest,
  ImageResult,
  PresetRequest,
  Provider,
} from './provider.ts';
export { configureSharp } from './raw-image.ts';
export { ProviderRegistry } from './registry.ts';
export { sniffImageType } from './sniff.ts';
export type { ImageType } from './sniff.ts';
export { transferStyle } from './style-transfer.ts';
export {
  BASIC_PRESETS,
  CAR_PRESETS,
  PRESET_LABELS,
  STYLE_PRESETS,
  isPresetId,
} from './styles/ids.ts';
export type { CarPresetId, PresetId, StyleId, StylePreset } from './styles/ids.ts';
export { variationParams } from './variations.ts';
export type { VariationParams } from './variations.ts';
