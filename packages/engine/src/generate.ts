import { presetWithShortSide, type AspectRatio } from './aspect.ts';
import { clampByte, hslToRgb, mix, parseHex, seededRandom, type Rgb } from './colour.ts';
import { grain, vignette } from './operations/effects.ts';
import { findColours } from './prompt/colours.ts';
import { normalizeText } from './prompt/text.ts';
import {
  encodeJpeg,
  ensureSharpConfigured,
  rawPipeline,
  toRaw,
  type RawImage,
} from './raw-image.ts';

export interface GenerateOptions {
  prompt: string;
  aspectRatio: AspectRatio;
  seed: number;
  /** Short side of the result; default 1024 (snapped to the ratio's preset resolutions). */
  shortSide?: number;
}

/** Moods and places whose colours are well known, in the three languages. */
const MOODS: ReadonlyArray<readonly [RegExp, readonly string[]]> = [
  [
    /\b(sunset|sunrise|dusk|dawn|sonnenuntergang|sonnenaufgang|abendrot|coucher de soleil|lever de soleil|crepuscule)\b/,
    ['#2d1b4e', '#c2407a', '#f28c38', '#ffd28a'],
  ],
  [
    /\b(ocean|sea|beach|water|meer|strand|wasser|ocean|mer|plage|eau|lagune|lagoon)\b/,
    ['#06304f', '#0f6e8c', '#3fb8c8', '#e9f4f2'],
  ],
  [
    /\b(forest|jungle|nature|garden|wald|natur|garten|foret|jardin)\b/,
    ['#0f2a1d', '#2f6b3a', '#7fae5a', '#d8e8b0'],
  ],
  [
    /\b(night|space|galaxy|stars|nacht|weltraum|sterne|nuit|espace|etoiles|cosmos)\b/,
    ['#05051a', '#1a1550', '#4b2a8c', '#9fb4ff'],
  ],
  [/\b(desert|sand|dune\w*|wuste|sahara)\b/, ['#6b3b1f', '#c27a3a', '#e6b97a', '#f7e6c4']],
  [
    /\b(snow|winter|ice|frost|schnee|eis|neige|glace|hiver)\b/,
    ['#5d7896', '#a9c3dd', '#e3eef8', '#ffffff'],
  ],
  [/\b(fire|lava|flame\w*|feuer|flamme\w*|feu)\b/, ['#1a0500', '#8c1c03', '#e8590c', '#ffd166']],
  [/\b(autumn|fall|herbst|automne)\b/, ['#3b1f0e', '#9c3d12', '#d98a2b', '#f2d17b']],
  [
    /\b(spring|flowers?|fruhling|blumen|printemps|fleurs?)\b/,
    ['#4f7942', '#a8d5a2', '#f4a6c6', '#fff3c4'],
  ],
  [/\b(neon|cyberpunk|city|stadt|ville)\b/, ['#0b0320', '#3a0ca3', '#f72585', '#4cc9f0']],
];

function paletteFor(prompt: string, random: () => number): Rgb[] {
  const text = normalizeText(prompt);
  const named = findColours(text).map((match) => parseHex(match.hex));
  const mood = MOODS.filter(([pattern]) => pattern.test(text))
    .slice(0, 2)
    .flatMap(([, colours]) => colours.map(parseHex));
  let palette = [...named, ...mood];
  if (palette.length === 0) {
    // No colour words: an analogous palette around a seeded hue, with one complementary accent.
    const hue = random() * 360;
    palette = [
      hslToRgb(hue, 0.55, 0.18),
      hslToRgb(hue + 25, 0.6, 0.42),
      hslToRgb(hue + 50, 0.55, 0.68),
      hslToRgb(hue + 180, 0.5, 0.6),
    ];
  }
  if (palette.length === 1)
    palette.push(mix(palette[0]!, [10, 10, 20], 0.7), mix(palette[0]!, [255, 255, 255], 0.6));
  if (/\b(dark|moody|dunkel|dustere?|sombre)\b/.test(text))
    palette = palette.map((c) => mix(c, [0, 0, 0], 0.45));
  if (/\b(pastel|soft|calm|sanft|ruhig|doux|calme)\b/.test(text))
    palette = palette.map((c) => mix(c, [255, 255, 255], 0.4));
  return palette;
}

/** Soft colour fields: a gradient base, glowing blobs and a slow wave field, drawn small. */
function paintField(width: number, height: number, palette: Rgb[], random: () => number): RawImage {
  const data = Buffer.alloc(width * height * 3);
  const angle = random() * Math.PI * 2;
  const [dx, dy] = [Math.cos(angle), Math.sin(angle)];
  const base = [palette[0]!, palette[1 % palette.length]!];
  const blobs = Array.from({ length: 5 + Math.floor(random() * 3) }, (_, i) => ({
    x: random(),
    y: random(),
    radius: 0.15 + random() * 0.35,
    colour: palette[(i + 1) % palette.length]!,
    weight: 0.5 + random() * 0.5,
  }));
  const waves = Array.from({ length: 3 }, () => ({
    fx: (random() - 0.5) * 9,
    fy: (random() - 0.5) * 9,
    phase: random() * Math.PI * 2,
  }));
  const aspect = width / height;
  for (let y = 0; y < height; y++) {
    for (let x = 0; x < width; x++) {
      const u = x / width;
      const v = y / height;
      const t = Math.min(1, Math.max(0, 0.5 + ((u - 0.5) * dx + (v - 0.5) * dy) * 0.9));
      let colour = mix(base[0]!, base[1]!, t);
      let wave = 0;
      for (const w of waves) wave += Math.sin(u * w.fx * aspect + v * w.fy + w.phase);
      for (const blob of blobs) {
        const distance = ((u - blob.x) * aspect) ** 2 + (v - blob.y) ** 2;
        const glow = Math.exp(-distance / (blob.radius * blob.radius)) * blob.weight;
        colour = mix(colour, blob.colour, Math.min(1, glow * (0.85 + 0.15 * wave)));
      }
      const i = (y * width + x) * 3;
      const light = 1 + 0.06 * wave;
      data[i] = clampByte(colour[0] * light);
      data[i + 1] = clampByte(colour[1] * light);
      data[i + 2] = clampByte(colour[2] * light);
    }
  }
  return { data, width, height };
}

/**
 * The local stand-in for text-to-image: an abstract picture whose palette comes from the
 * colours and moods named in the prompt (in English, German or French) and whose composition
 * comes from the seed. It makes no claim to depict the prompt; a hosted or self-hosted
 * generator does that.
 */
export async function generateImage(options: GenerateOptions): Promise<Buffer> {
  ensureSharpConfigured();
  const random = seededRandom(options.seed);
  const size = presetWithShortSide(options.aspectRatio, options.shortSide ?? 1024);
  const palette = paletteFor(options.prompt, random);
  const small = paintField(Math.ceil(size.width / 8), Math.ceil(size.height / 8), palette, random);
  const smooth = await toRaw(
    rawPipeline(small).resize(size.width, size.height, { kernel: 'cubic' }).blur(2),
  );
  return encodeJpeg(grain(vignette(smooth, 0.3), 0.08, options.seed), 92);
}
