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
export { CapabilityUnavailableError, EngineInputError } from './errors.ts';
export type { EngineInputErrorCode } from './errors.ts';
export { generateImage } from './generate.ts';
export type { GenerateOptions } from './generate.ts';
export type { ImageStats } from './image-stats.ts';
export { asksForStyleTransfer, createLocalProvider } from './local-provider.ts';
export { normalizeCrop, normalizeUpload } from './normalize.ts';
export type {
  NormalizeOptions,
  NormalizedCrop,
  NormalizedImage,
  StoredOriginal,
} from './normalize.ts';
export { hasContentCredentials, withResultMetadata } from './metadata/result-metadata.ts';
export type { ResultMetadataInput, ResultWithMetadata } from './metadata/result-metadata.ts';
export { withoutPosition } from './metadata/public-copy.ts';
export { sourceTypeOf } from './metadata/xmp.ts';
export type { SourceType } from './metadata/xmp.ts';
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
  MultiviewRequest,
  RenderRequest,
  VideoRequest,
  VideoResult,
} from './provider.ts';
export { COCO_LABELS, FURNITURE_LABELS, isCocoLabel } from './models/coco-labels.ts';
export type { CocoLabel } from './models/coco-labels.ts';
export { detectObjects, loadDetector } from './models/object-detector.ts';
export { warmUpFaceDetectors } from './models/face-detector.ts';
export { warmUpFaceMesh } from './models/face-mesh.ts';
export { warmUpPersonMatting } from './models/person-matting.ts';
export type { DetectOptions, DetectedObject, PercentBox } from './models/object-detector.ts';
export { inpaintRaw } from './inpaint/inpaint.ts';
export type { InpaintOptions } from './inpaint/inpaint.ts';
export { decodeMask, encodeImage, inpaintImage } from './inpaint/inpaint-image.ts';
export { objectMask } from './inpaint/object-mask.ts';
export { objectAt, removeObjects } from './inpaint/remove-objects.ts';
export { removeObjectAtPoint } from './operations/remove-at-point.ts';
export type {
  RemovalOptions,
  RemovalResult,
  RemovalTarget,
  RemovedObject,
} from './inpaint/remove-objects.ts';
export type { InpaintRequest, ProviderRegistryLike, RestyleRoomRequest } from './provider.ts';
export {
  ROOM_WORKING_LONG_SIDE,
  decodeRoom,
  designRoom,
  regionsOf,
  roomLayersFrom,
  styleRoom,
} from './rooms/design-room.ts';
export { designRoomInThread, styleRoomInThread } from './rooms/room-thread.ts';
export {
  detectObjectsOnThread,
  removeObjectAtPointOnThread,
} from './threads/provider-on-thread.ts';
export { applyMaterialStyle } from './rooms/material-style.ts';
export type { ChangedPart, KeptPart, StyleReport } from './rooms/material-style.ts';
export { ROOM_REGION_KINDS, findRoomRegions } from './masks/room-regions.ts';
export type { RoomPiece, RoomRegion, RoomRegionKind, RoomRegions } from './masks/room-regions.ts';
export type { DesignOptions, RoomDesign, RoomVariation } from './rooms/design-room.ts';
export { hostedRemover, hostedRestyler } from './rooms/hosted-room.ts';
export type { Remover, Restyler } from './rooms/hosted-room.ts';
export {
  MORE_ROOM_STYLES,
  ROOM_LOOKS,
  ROOM_STYLES,
  isRoomStyle,
  restylePrompt,
} from './rooms/room-styles.ts';
export type { RoomLook, RoomStyle } from './rooms/room-styles.ts';
export { colourDistance, nearestColourName, regionColour } from './rooms/region-colour.ts';
export type { RegionColour } from './rooms/region-colour.ts';
export { configureSharp, decodeImage } from './raw-image.ts';
export type { RawImage } from './raw-image.ts';
export { ProviderRegistry } from './registry.ts';
export * from './hosted/index.ts';
export { sniffImageType } from './sniff.ts';
export type { ImageType } from './sniff.ts';
export { transferStyle } from './style-transfer.ts';
export {
  BASIC_PRESETS,
  CAR_PRESETS,
  PRESET_LABELS,
  STYLE_PRESETS,
  isLocalPresetId,
} from './styles/ids.ts';
export type { CarPresetId, LocalPresetId, StyleId, StylePreset } from './styles/ids.ts';
export { variationParams } from './variations.ts';
export { imageToVideo, frameSize, VIDEO_FPS, VIDEO_SECONDS } from './video/image-to-video.ts';
export type { ImageToVideoOptions } from './video/image-to-video.ts';
export { CAMERA_MOTIONS, chooseCameraMotion } from './video/camera-motion.ts';
export type { CameraMotion } from './video/camera-motion.ts';
export { describeVideoTrack, Mp4FormatError, readMp4 } from './video/mp4-boxes.ts';
export type { Mp4Info, Mp4Track } from './video/mp4-boxes.ts';
export { padImageToSquare, padToSquare } from './render/render-looks.ts';
export type { VariationParams } from './variations.ts';
export {
  emptyMask,
  intersectMasks,
  invertMask,
  maskBounds,
  maskCoverage,
  maskFromBinary,
  maskIoU,
  subtractMask,
  unionMasks,
} from './masks/mask.ts';
export type { Mask } from './masks/mask.ts';
export { SceneMasks } from './masks/scene-masks.ts';
export { warmUpTextModels } from './masks/text.ts';
export type { FoundMask, MissReason } from './masks/scene-masks.ts';
export { selectionMask, selectionMaskPng } from './masks/selection.ts';
export type { Selection } from './masks/selection.ts';
export type { ClauseCode, ClauseReport } from './operations/part-edits.ts';
export { pasteInsideMask } from './hosted/images.ts';
export { presetRoute, presetUnavailable } from './preset-routes.ts';
export type { PresetRoute } from './preset-routes.ts';
export { runPreset, serveEdit } from './serve-edit.ts';
export type { Served, ServeEditRequest } from './serve-edit.ts';
