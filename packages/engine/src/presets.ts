import { EngineInputError } from './errors.ts';
import { EDIT_QUALITY } from './operations/apply.ts';
import { applyOperation } from './operations/apply.ts';
import { decodeImage, encodeJpeg, type RawImage } from './raw-image.ts';
import { isStylePreset, type LocalPresetId } from './styles/ids.ts';
import { LOOKS } from './styles/looks.ts';
import { transferColourStatistics } from './style-transfer.ts';
import { variationGrade, variationParams } from './variations.ts';

export interface PresetOptions {
  /** 0 = the plain look; 1-3 give distinct variations. */
  variation?: number;
  /** Required by 'style-transfer': the image whose colours are taken over. */
  reference?: Buffer;
}

export async function applyPresetRaw(
  image: RawImage,
  preset: LocalPresetId,
  options: { variation?: number; reference?: RawImage } = {},
): Promise<RawImage> {
  const variation = options.variation ?? 0;
  const params = variationParams(variation);
  let result: RawImage;
  let monochrome = false;
  if (preset === 'style-transfer') {
    if (!options.reference) {
      throw new EngineInputError('missing_reference', 'Style transfer needs a reference image');
    }
    result = transferColourStatistics(image, options.reference, 0.75 + 0.25 * params.strength);
  } else if (isStylePreset(preset)) {
    const look = LOOKS[preset];
    monochrome = look.monochrome;
    result = await look.apply(image, params);
  } else {
    throw new EngineInputError('unknown_preset', `Unknown preset: ${String(preset)}`);
  }
  for (const operation of variationGrade(variation, monochrome)) {
    result = await applyOperation(result, operation);
  }
  return result;
}

/** One-click look (style, car scene, brighten, sharpen, style transfer) as JPEG quality 92. */
export async function applyPreset(
  image: Buffer,
  preset: LocalPresetId,
  options: PresetOptions = {},
): Promise<Buffer> {
  const raw = await decodeImage(image);
  const reference = options.reference ? await decodeImage(options.reference) : undefined;
  const result = await applyPresetRaw(raw, preset, { variation: options.variation, reference });
  return encodeJpeg(result, EDIT_QUALITY);
}
