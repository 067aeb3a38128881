import { mix, type Rgb } from '../colour.ts';
import { glow, gradientRows, grainRows, noise1d, silhouette } from './paint.ts';
import { clouds, hue, ridge, road, tint, treeLine } from './backdrop-shapes.ts';
import type { Painter } from './scene-light.ts';

/** Scenes out in nature: the beach, a sunset, fog, a forest, the desert. */
export const naturalPainters: Record<'beach' | 'sunset' | 'fog' | 'forest' | 'desert', Painter> = {
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
};
