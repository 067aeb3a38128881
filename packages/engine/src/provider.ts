import type { Analysis } from './analyze.ts';
import type { AspectRatio } from './aspect.ts';

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
] as const;
export type Capability = (typeof CAPABILITIES)[number];

interface Progress {
  signal?: AbortSignal;
  /** Called with 0..1 as the work advances. */
  onProgress?: (fraction: number) => void;
}

export interface EditRequest extends Progress {
  image: Buffer;
  prompt: string;
  /** 1-4; more than one gives distinct variations. */
  numImages: number;
  /** Used by generators; the local editor keeps the image's own frame. */
  aspectRatio?: AspectRatio;
  /** A second image whose look the result should take on. */
  reference?: Buffer;
}

export interface GenerateRequest extends Progress {
  prompt: string;
  numImages: number;
  aspectRatio: AspectRatio;
}

export interface PresetRequest extends Progress {
  image: Buffer;
  preset: string;
  numImages: number;
  /** Needed by 'style-transfer'. */
  reference?: Buffer;
}

export interface ImageResult {
  /** JPEG. */
  images: Buffer[];
  /** Human-readable list of what was done. */
  applied: string[];
  /** Parts of the request that were not done, as the person wrote them where possible. */
  unsupported: string[];
}

/** One source of image capabilities: the local engine, or a hosted or self-hosted service. */
export interface Provider {
  readonly id: string;
  readonly capabilities: ReadonlySet<Capability>;
  edit?(request: EditRequest): Promise<ImageResult>;
  generate?(request: GenerateRequest): Promise<ImageResult>;
  preset?(request: PresetRequest): Promise<ImageResult>;
  analyze?(image: Buffer, labels?: string[]): Promise<Analysis>;
  enhancePrompt?(prompt: string): Promise<string>;
}
