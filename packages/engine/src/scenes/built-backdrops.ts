import { seededRandom, type Rgb } from '../colour.ts';
import { glow, gradientRows, grainRows, quad, silhouette } from './paint.ts';
import { clouds, ridge, road, tint } from './backdrop-shapes.ts';
import type { Painter } from './scene-light.ts';

/** Scenes people built: a highway, a beach car park, the city at night, the studio. */
export const builtPainters: Record<'ca-highway' | 'beach-lot' | 'night-scene' | 'studio', Painter> =
  {
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
        for (let r = 1; r < 8; r++)
          glow(c, lx, hz + (h - hz) * r * 0.1, h * 0.018, colour, 0.25 / r);
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
