import type { ClauseReport } from './operations/part-edits.ts';
import type { Selection } from './masks/selection.ts';
import type { Analysis } from './analyze.ts';
import type { AspectRatio, Resolution } from './aspect.ts';
import type { DetectedObject, DetectOptions } from './models/object-detector.ts';
import type { PromptLanguage } from './prompt/text.ts';

export const CAPABILITIES = [
  'edit',
  'generate',
  'preset',
  'analyze',
  'enhancePrompt',
  'removeBackground',
  'detectObjects',
  'inpaint',
  'restyleRoom',
  'upscale',
  'video',
  'moderate',
  // Need a hosted model: four views of one object, and a photorealistic render of a sketch.
  'multiview',
  'render',
] as const;
export type Capability = (typeof CAPABILITIES)[number];

interface Progress {
  signal?: AbortSignal;
  /** Called with 0..1 as the work advances. */
  onProgress?: (fraction: number) => void;
  /**
   * A batch's image: the local engine runs it on a thread of its own, so the edits people are
   * watching never wait behind one. Hosted providers ignore it.
   */
  background?: boolean;
}

export interface EditRequest extends Progress {
  image: Buffer;
  prompt: string;
  /** 1-4; more than one gives distinct variations. */
  numImages: number;
  /** Used by generators; the local editor keeps the image's own frame. */
  aspectRatio?: AspectRatio;
  /** An exact size to ask for (a crop's, working areas §9); the local editor keeps its frame. */
  size?: Resolution;
  /** A second image whose look the result should take on. */
  reference?: Buffer;
  /** Only this part of the picture may change (the editor's Select tool). */
  selection?: Selection;
}

export interface GenerateRequest extends Progress {
  prompt: string;
  numImages: number;
  aspectRatio: AspectRatio;
  /** An exact size to ask for (a crop's, working areas §9), where the model takes sizes. */
  size?: Resolution;
}

export interface PresetRequest extends Progress {
  image: Buffer;
  preset: string;
  numImages: number;
  /** Needed by 'style-transfer'. */
  reference?: Buffer;
  /** Only this part of the picture takes the preset. */
  selection?: Selection;
}

export interface ImageResult {
  /** JPEG. */
  images: Buffer[];
  /** Human-readable list of what was done. */
  applied: string[];
  /** Parts of the request that were not done, as the person wrote them where possible. */
  unsupported: string[];
  /** Per clause of an edit prompt: done or not, as a code and parameters (any language). */
  clauses?: ClauseReport[];
  /**
   * A hosted provider signed a result with C2PA content credentials that re-encoding removed
   * (a pasted selection, a PNG made JPEG); a result that kept them carries them in its bytes.
   */
  credentialsLost?: boolean;
}

export interface VideoRequest extends Progress {
  /** One of our stored images (never an address: a hosted adapter uploads these bytes). */
  image: Buffer;
  /** Camera motion and, for a generative model, what should happen. */
  prompt: string;
  /** Working areas §9: 3 s at 24 fps unless asked otherwise. */
  seconds?: number;
  fps?: number;
}

export interface VideoResult {
  /** H.264 in an MP4 container, yuv420p, fast start. */
  video: Buffer;
  contentType: 'video/mp4';
  width: number;
  height: number;
  frames: number;
  fps: number;
  seconds: number;
  /** The camera move, when the provider chose one ('zoom-in', 'pan-left', ...). */
  motion?: string;
  applied: string[];
  unsupported: string[];
}

/** Four views of the subject (3/4 front, side, back, 3/4 back) in one image. */
export interface MultiviewRequest extends Progress {
  /** Already padded to a square (padToSquare). */
  image: Buffer;
  /** How to lay the views out, in words a hosted image model follows. */
  prompt: string;
}

/** A photorealistic rendering of a sketch, CAD drawing or clay model. */
export interface RenderRequest extends Progress {
  image: Buffer;
  prompt: string;
}

export interface UpscaleRequest extends Progress {
  image: Buffer;
  scale: 2 | 4;
  /** 'model' (default): ESRGAN; 'fast': Lanczos and sharpening. */
  method?: 'model' | 'fast';
  /** Results larger than this are refused (default 50 MP). */
  maxOutputPixels?: number;
}

export interface RemoveBackgroundRequest extends Progress {
  image: Buffer;
}

/** The subject on a transparent background, at the image's size. */
export interface CutOutResult {
  /** PNG with the matte as its alpha channel. */
  image: Buffer;
  width: number;
  height: number;
  /** Fraction of the frame the subject covers (0 when nothing was found). */
  coverage: number;
}

/** A classifier's verdict; the caller decides what counts as too much. */
export interface ModerationVerdict {
  /** 0..1: how likely the image is not safe for work. */
  unsafe: number;
  classes: Record<string, number>;
}

/** Fill a masked region from the rest of the image (object removal). */
export interface InpaintRequest extends Progress {
  image: Buffer;
  /** Any image; scaled to the image's size; light pixels (> 50 %) are filled. */
  mask: Buffer;
  /** What should appear instead, for a generative model; the local fill ignores it. */
  prompt?: string;
  /** 'png' keeps every pixel outside the mask exactly; default 'jpeg'. */
  format?: 'jpeg' | 'png';
}

/** A room redesigned in a style (room design): the photo in, the restyled room out. */
export interface RestyleRoomRequest extends Progress {
  image: Buffer;
  /** modern, scandinavian, industrial, bohemian, or one of 'More styles'. */
  style: string;
  /** The style in words, for a generative model. */
  prompt?: string;
}

/** One source of image capabilities: the local engine, or a hosted or self-hosted service. */
export interface Provider {
  readonly id: string;
  readonly capabilities: ReadonlySet<Capability>;
  /** The model behind each capability, when it is a named one (hosted providers). */
  readonly models?: Partial<Record<Capability, string>>;
  edit?(request: EditRequest): Promise<ImageResult>;
  generate?(request: GenerateRequest): Promise<ImageResult>;
  preset?(request: PresetRequest): Promise<ImageResult>;
  /** Without labels, a provider with a detector finds the objects itself. */
  analyze?(image: Buffer, labels?: string[], language?: PromptLanguage): Promise<Analysis>;
  enhancePrompt?(prompt: string): Promise<string>;
  /** COCO objects with percentage boxes, best first. */
  detectObjects?(image: Buffer, options?: DetectOptions): Promise<DetectedObject[]>;
  inpaint?(request: InpaintRequest): Promise<ImageResult>;
  restyleRoom?(request: RestyleRoomRequest): Promise<ImageResult>;
  removeBackground?(request: RemoveBackgroundRequest): Promise<CutOutResult>;
  upscale?(request: UpscaleRequest): Promise<ImageResult>;
  moderate?(image: Buffer): Promise<ModerationVerdict>;
  video?(request: VideoRequest): Promise<VideoResult>;
  multiview?(request: MultiviewRequest): Promise<ImageResult>;
  render?(request: RenderRequest): Promise<ImageResult>;
}

/** What picks a provider per capability (the registry; a stub in tests). */
export interface ProviderRegistryLike {
  for(capability: Capability): Provider | undefined;
}
