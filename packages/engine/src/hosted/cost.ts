/**
 * List prices (USD) for an estimate in the log, not for billing: providers change them and
 * bill by their own meters. Image models by output image (medium quality, about 1 megapixel);
 * text models by million tokens. Self-hosted providers cost nothing per call.
 */
const PER_IMAGE: ReadonlyArray<readonly [RegExp, number]> = [
  [/^gpt-image-1-mini/, 0.011],
  [/^gpt-image/, 0.042],
  [/^dall-e-3/, 0.04],
  [/^gemini-.*image/, 0.039],
  [/^imagen-4\.0-ultra/, 0.06],
  [/^imagen/, 0.04],
  [/kontext.*max/, 0.08],
  [/kontext/, 0.04],
  [/fill/, 0.05],
  [/flux.*schnell/, 0.003],
  [/flux/, 0.04],
];

const PER_MILLION_TOKENS: ReadonlyArray<readonly [RegExp, { input: number; output: number }]> = [
  [/^gpt-4\.1-nano/, { input: 0.1, output: 0.4 }],
  [/^gpt-4\.1-mini/, { input: 0.4, output: 1.6 }],
  [/^gpt-4o-mini/, { input: 0.15, output: 0.6 }],
  [/^gpt-4\.1|^gpt-4o/, { input: 2.5, output: 10 }],
  [/^gemini-.*flash-lite/, { input: 0.1, output: 0.4 }],
  [/^gemini-.*flash/, { input: 0.3, output: 2.5 }],
  [/^gemini-.*pro/, { input: 1.25, output: 10 }],
];

const SELF_HOSTED = new Set(['comfyui', 'ollama']);

const round = (usd: number) => Math.round(usd * 10_000) / 10_000;

export function estimateImageCost(provider: string, model: string, images: number): number {
  if (SELF_HOSTED.has(provider)) return 0;
  const price = PER_IMAGE.find(([pattern]) => pattern.test(model))?.[1] ?? 0.04;
  return round(price * images);
}

export function estimateTextCost(
  provider: string,
  model: string,
  usage: { inputTokens?: number; outputTokens?: number },
): number {
  if (SELF_HOSTED.has(provider)) return 0;
  const price = PER_MILLION_TOKENS.find(([pattern]) => pattern.test(model))?.[1];
  if (!price) return 0;
  const input = usage.inputTokens ?? 0;
  const output = usage.outputTokens ?? 0;
  return round((input * price.input + output * price.output) / 1_000_000);
}

/** Image-to-video models by clip (a few seconds at 480p–720p). */
const PER_CLIP: ReadonlyArray<readonly [RegExp, number]> = [
  [/wan.*fast/, 0.05],
  [/wan/, 0.25],
  [/kling/, 0.28],
  [/veo/, 1.2],
];

export function estimateVideoCost(provider: string, model: string, clips: number): number {
  if (SELF_HOSTED.has(provider)) return 0;
  const price = PER_CLIP.find(([pattern]) => pattern.test(model))?.[1] ?? 0.25;
  return round(price * clips);
}
