import { mix, seededRandom, type Rgb } from '../colour.ts';
import { shiftHue } from '../styles/grades.ts';
import type { VariationParams } from '../variations.ts';
import {
  glow,
  gradientRows,
  grainRows,
  noise1d,
  quad,
  silhouette,
  type Canvas,
  type Stops,
} from './paint.ts';

/**
 * The scenes the car presets place a subject in, painted from gradients, value noise and
 * silhouettes (no stock photographs). Each paints the whole canvas around a horizon line and
 * says which light falls on the subject.
 */
export interface SceneLight {
  /** Colour the ground shadow is tinted toward (multiplied in). */
  shadow: Rgb;
  /** How dark the ground shadow gets, 0..1. */
  shadowDepth: number;
  /** Sideways stretch of the cast shadow: 0 overhead sun, ±1 low sun from the other side. */
  shadowLean: number;
}

export type SceneId =
  | 'beach'
  | 'sunset'
  | 'fog'
  | 'forest'
  | 'desert'
  | 'ca-highway'
  | 'beach-lot'
  | 'night-scene'
  | 'studio';

type Painter = (c: Canvas, horizon: number, p: VariationParams) => SceneLight;

const hue = (colour: Rgb, p: VariationParams, k = 1): Rgb => shiftHue(colour, p.hueShift * k);
const tint = (stops: Stops, p: VariationParams, k = 1): Stops =>
  stops.map(([t, c]) => [t, hue(c, p, k)] as const);

function clouds(c: Canvas, horizon: number, p: VariationParams, colour: Rgb, amount: number) {
  const random = seededRandom(p.seed + 11);
  const count = 3 + Math.floor(random() * 4);
  for (let k = 0; k < count; k++) {
    const cx = random() * c.width;
    const cy = horizon * (0.12 + random() * 0.6);
    const puffs = 6 + Math.floor(random() * 6);
    const size = c.height * (0.035 + random() * 0.035);
    for (let j = 0; j < puffs; j++) {
      const dx = (j - puffs / 2) * size * 0.9 + (random() - 0.5) * size;
      const dy = (random() - 0.7) * size * 0.8;
      glow(c, cx + dx, cy + dy, size * (0.7 + random() * 0.6), colour, amount * 0.6);
    }
  }
}

/** A row of conifers: a zig-zag skyline with uneven heights. */
function treeLine(seed: number, base: number, height: number, spacing: number) {
  const n = noise1d(seed, 2);
  return (x: number) => {
    const cell = Math.floor(x / spacing);
    const f = (x / spacing - cell) * 2 - 1;
    const tall = height * (0.55 + 0.6 * n(cell * 0.7));
    return base - tall * (1 - Math.abs(f)) - height * 0.15 * n(x / spacing / 3);
  };
}

function ridge(seed: number, base: number, amplitude: number, wavelength: number) {
  const n = noise1d(seed, 4);
  return (x: number) => base - amplitude * n(x / wavelength);
}

/** An asphalt road running to a vanishing point on the horizon. */
function road(c: Canvas, horizon: number, colour: Rgb, far: Rgb, lines: Rgb | null) {
  const vx = c.width * 0.5;
  const h = c.height;
  quad(
    c,
    [
      [vx - 2, horizon],
      [vx + 2, horizon],
      [c.width * 1.6, h],
      [-c.width * 0.6, h],
    ],
    far,
  );
  // Darker toward the viewer: paint the near half again, semi-transparent.
  quad(
    c,
    [
      [vx - c.width * 0.2, horizon + (h - horizon) * 0.35],
      [vx + c.width * 0.2, horizon + (h - horizon) * 0.35],
      [c.width * 1.6, h],
      [-c.width * 0.6, h],
    ],
    colour,
    0.8,
  );
  if (!lines) return;
  for (let k = 0; k < 7; k++) {
    const t0 = ((k + 0.1) / 7) ** 2;
    const t1 = ((k + 0.55) / 7) ** 2;
    const y0 = horizon + (h - horizon) * t0;
    const y1 = horizon + (h - horizon) * t1;
    const w0 = 1 + c.width * 0.012 * t0;
    const w1 = 1 + c.width * 0.012 * t1;
    quad(
      c,
      [
        [vx - w0, y0],
        [vx + w0, y0],
        [vx + w1, y1],
        [vx - w1, y1],
      ],
      lines,
    );
  }
}

const painters: Record<SceneId, Painter> = {
  beach(c, hz, p) {
    const h = c.height;
    const shore = hz + (h - hz) * 0.3;
    gradientRows(
      c,
      0,
      hz,
      tint(
        [
          [0, [62, 122, 200]],
          [0.7, [140, 195, 235]],
          [1, [214, 233, 243]],
        ],
        p,
      ),
    );
    clouds(c, hz, p, [255, 255, 255], 0.35);
    gradientRows(
      c,
      hz,
      shore,
      tint(
        [
          [0, [22, 88, 138]],
          [0.6, [30, 140, 165]],
          [1, [70, 190, 190]],
        ],
        p,
        0.5,
      ),
    );
    const foam = noise1d(p.seed + 3, 3);
    silhouette(
      c,
      (x) => shore - (h - hz) * 0.03 * foam(x / 40),
      [242, 246, 244],
      shore + (h - hz) * 0.02,
      0.85,
    );
    gradientRows(c, shore + (h - hz) * 0.02, h, [
      [0, [196, 176, 140]],
      [0.25, [222, 202, 162]],
      [1, [238, 220, 182]],
    ]);
    grainRows(c, shore, h, 14, p.seed);
    return { shadow: [70, 80, 110], shadowDepth: 0.55, shadowLean: 0.25 };
  },
  sunset(c, hz, p) {
    const h = c.height;
    gradientRows(
      c,
      0,
      hz,
      tint(
        [
          [0, [42, 38, 92]],
          [0.45, [168, 78, 112]],
          [0.8, [246, 138, 74]],
          [1, [255, 196, 120]],
        ],
        p,
        0.6,
      ),
    );
    const sunX = c.width * (0.5 + 0.25 * Math.sin(p.seed));
    glow(c, sunX, hz - h * 0.03, h * 0.28, [255, 150, 70], 0.45);
    glow(c, sunX, hz - h * 0.03, h * 0.045, [255, 240, 200], 1);
    silhouette(c, ridge(p.seed, hz, h * 0.06, c.width / 6), [74, 38, 64]);
    gradientRows(c, hz, h, [
      [0, [96, 56, 62]],
      [1, [34, 24, 30]],
    ]);
    road(c, hz, [38, 30, 36], [70, 48, 54], [235, 180, 90]);
    for (let k = 1; k < 6; k++)
      glow(c, sunX, hz + (h - hz) * k * 0.14, h * 0.05 * k, [255, 150, 80], 0.18);
    return { shadow: [50, 20, 60], shadowDepth: 0.65, shadowLean: sunX > c.width / 2 ? -0.9 : 0.9 };
  },
  fog(c, hz, p) {
    const h = c.height;
    const fogColour = hue([214, 219, 224], p, 0.3);
    gradientRows(c, 0, hz, [
      [0, mix(fogColour, [170, 178, 186], 0.5)],
      [1, fogColour],
    ]);
    for (let layer = 0; layer < 3; layer++) {
      const colour = mix([36, 52, 46], fogColour, 0.75 - layer * 0.22);
      silhouette(
        c,
        treeLine(
          p.seed + layer,
          hz + layer * h * 0.01,
          h * (0.1 + layer * 0.06),
          c.width / (28 - layer * 7),
        ),
        colour,
      );
    }
    gradientRows(c, hz + h * 0.03, h, [
      [0, mix([120, 126, 124], fogColour, 0.6)],
      [1, [96, 102, 104]],
    ]);
    road(c, hz + h * 0.03, [92, 96, 100], mix([110, 114, 118], fogColour, 0.5), null);
    return { shadow: [90, 96, 104], shadowDepth: 0.35, shadowLean: 0 };
  },
  forest(c, hz, p) {
    const h = c.height;
    gradientRows(
      c,
      0,
      hz,
      tint(
        [
          [0, [150, 190, 200]],
          [1, [210, 228, 214]],
        ],
        p,
        0.4,
      ),
    );
    const greens: Rgb[] = [
      [92, 124, 104],
      [52, 86, 62],
      [26, 54, 36],
    ];
    greens.forEach((colour, layer) =>
      silhouette(
        c,
        treeLine(
          p.seed * 3 + layer,
          hz + layer * h * 0.015,
          h * (0.2 + layer * 0.12),
          c.width / (22 - layer * 6),
        ),
        hue(colour, p, 0.4),
      ),
    );
    for (let k = 0; k < 4; k++)
      glow(c, c.width * (0.2 + k * 0.2), h * 0.15, h * 0.12, [255, 240, 190], 0.12);
    gradientRows(c, hz + h * 0.03, h, [
      [0, [70, 84, 52]],
      [1, [44, 52, 34]],
    ]);
    road(c, hz + h * 0.03, [104, 88, 66], [120, 106, 84], null);
    grainRows(c, hz, h, 12, p.seed);
    return { shadow: [20, 40, 24], shadowDepth: 0.55, shadowLean: 0.15 };
  },
  desert(c, hz, p) {
    const h = c.height;
    gradientRows(
      c,
      0,
      hz,
      tint(
        [
          [0, [84, 146, 214]],
          [1, [210, 222, 228]],
        ],
        p,
        0.3,
      ),
    );
    silhouette(c, ridge(p.seed + 5, hz - h * 0.02, h * 0.12, c.width / 3), [196, 140, 108]);
    silhouette(c, ridge(p.seed + 6, hz + h * 0.02, h * 0.07, c.width / 2), (x, y) =>
      y % 2 ? [230, 180, 120] : [226, 176, 116],
    );
    silhouette(c, ridge(p.seed + 7, hz + h * 0.07, h * 0.05, c.width / 2.5), [236, 192, 132]);
    gradientRows(c, hz + h * 0.09, h, [
      [0, [232, 190, 130]],
      [1, [206, 156, 98]],
    ]);
    grainRows(c, hz, h, 16, p.seed);
    return { shadow: [120, 80, 60], shadowDepth: 0.6, shadowLean: 0.35 };
  },
  'ca-highway'(c, hz, p) {
    const h = c.height;
    gradientRows(
      c,
      0,
      hz,
      tint(
        [
          [0, [56, 126, 210]],
          [1, [188, 214, 236]],
        ],
        p,
        0.3,
      ),
    );
    clouds(c, hz, p, [255, 255, 255], 0.2);
    silhouette(c, ridge(p.seed + 9, hz, h * 0.16, c.width / 3), [150, 146, 120]);
    silhouette(c, ridge(p.seed + 10, hz + h * 0.01, h * 0.06, c.width / 5), [120, 128, 86]);
    gradientRows(c, hz + h * 0.01, h, [
      [0, [184, 166, 106]],
      [1, [160, 140, 84]],
    ]);
    road(c, hz + h * 0.01, [66, 66, 72], [96, 96, 102], [240, 200, 60]);
    return { shadow: [40, 50, 90], shadowDepth: 0.7, shadowLean: 0.2 };
  },
  'beach-lot'(c, hz, p) {
    const h = c.height;
    gradientRows(
      c,
      0,
      hz,
      tint(
        [
          [0, [92, 158, 222]],
          [1, [214, 232, 242]],
        ],
        p,
        0.3,
      ),
    );
    clouds(c, hz, p, [255, 255, 255], 0.25);
    gradientRows(c, hz, hz + h * 0.04, [
      [0, [40, 120, 164]],
      [1, [70, 160, 180]],
    ]);
    gradientRows(c, hz + h * 0.04, h, [
      [0, [158, 158, 156]],
      [1, [120, 120, 122]],
    ]);
    grainRows(c, hz + h * 0.04, h, 10, p.seed);
    const vx = c.width * 0.5;
    for (let k = -6; k <= 6; k++) {
      const top = hz + h * 0.07;
      const xTop = vx + k * c.width * 0.06;
      const xBottom = vx + k * c.width * 0.3;
      quad(
        c,
        [
          [xTop - 1, top],
          [xTop + 1, top],
          [xBottom + 4, h],
          [xBottom - 4, h],
        ],
        [236, 236, 230],
        0.9,
      );
    }
    return { shadow: [60, 70, 100], shadowDepth: 0.6, shadowLean: 0.1 };
  },
  'night-scene'(c, hz, p) {
    const h = c.height;
    const random = seededRandom(p.seed + 21);
    gradientRows(
      c,
      0,
      hz,
      tint(
        [
          [0, [6, 8, 22]],
          [0.75, [24, 26, 56]],
          [1, [70, 50, 80]],
        ],
        p,
        0.5,
      ),
    );
    for (let k = 0; k < (c.width * hz) / 2500; k++) {
      glow(
        c,
        random() * c.width,
        random() * hz * 0.8,
        0.6 + random(),
        [255, 255, 255],
        0.5 + random() * 0.5,
      );
    }
    let x = 0;
    while (x < c.width) {
      const w = c.width * (0.03 + random() * 0.05);
      const top = hz - h * (0.05 + random() * 0.22);
      silhouette(c, (px) => (px >= x && px < x + w ? top : h), [14, 14, 24], hz);
      for (let wy = top + 4; wy < hz - 3; wy += 6) {
        for (let wx = x + 3; wx < x + w - 3; wx += 5) {
          if (random() < 0.3) glow(c, wx, wy, 1.1, [255, 210, 130], 0.9);
        }
      }
      x += w + random() * c.width * 0.01;
    }
    gradientRows(c, hz, h, [
      [0, [24, 22, 34]],
      [1, [8, 8, 14]],
    ]);
    for (let k = 0; k < 6; k++) {
      const lx = c.width * (0.08 + k * 0.17);
      const colour: Rgb = k % 2 ? [255, 190, 110] : [150, 190, 255];
      glow(c, lx, hz - h * 0.02, h * 0.02, colour, 0.9);
      for (let r = 1; r < 8; r++) glow(c, lx, hz + (h - hz) * r * 0.1, h * 0.018, colour, 0.25 / r);
    }
    return { shadow: [0, 0, 10], shadowDepth: 0.7, shadowLean: 0 };
  },
  studio(c, hz) {
    const h = c.height;
    gradientRows(c, 0, hz, [
      [0, [214, 216, 220]],
      [1, [236, 237, 239]],
    ]);
    gradientRows(c, hz, h, [
      [0, [236, 237, 239]],
      [1, [248, 248, 249]],
    ]);
    glow(c, c.width / 2, hz * 0.6, h * 0.5, [255, 255, 255], 0.25);
    return { shadow: [40, 42, 48], shadowDepth: 0.45, shadowLean: 0 };
  },
};

export function paintBackdrop(
  canvas: Canvas,
  scene: SceneId,
  horizon: number,
  params: VariationParams,
): SceneLight {
  return painters[scene](canvas, horizon, params);
}
