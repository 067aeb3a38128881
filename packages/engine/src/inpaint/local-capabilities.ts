import { detectObjects } from '../models/object-detector.ts';
import type { Capability, Provider } from '../provider.ts';
import { inpaintImage } from './inpaint-image.ts';

/** Detection (CenterNet on TensorFlow.js) and the exemplar-based fill, both offline. */
export const REMOVAL_CAPABILITIES: readonly Capability[] = ['detectObjects', 'inpaint'];

export const localRemoval: Pick<Provider, 'detectObjects' | 'inpaint'> = {
  detectObjects: (image, options) => detectObjects(image, options),
  inpaint: inpaintImage,
};
