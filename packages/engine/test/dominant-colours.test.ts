import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { analyzeImage } from '../src/analyze.ts';
import { colourName, deltaE2000 } from '../src/colour-names.ts';
import { rgbToLab } from '../src/colour.ts';
import { dominantColours } from '../src/dominant-colours.ts';
import { fixture } from './measure.ts';

const nameOf = (r: number, g: number, b: number) => {
  const lab = [0, 0, 0];
  rgbToLab(r, g, b, lab);
  return colourName(lab[0]!, lab[1]!, lab[2]!);
};

describe('dominant colours', () => {
  it('names the astronaut photo by its orange suit and pale backdrop, with no green', async () => {
    const result = await analyzeImage(await fixture('astronaut.png', 512));
    const names = result.stats.dominantColours.map((c) => c.name);
    expect(names).toContain('orange');
    expect(names.some((name) => name === 'white' || name === 'light grey')).toBe(true);
    expect(names.filter((name) => /green/.test(name))).toEqual([]);
    expect(result.analysis).toMatch(/Dominant colours: .*orange/);
    const de = await analyzeImage(await fixture('astronaut.png', 512), { language: 'de' });
    expect(de.analysis).toMatch(/Orange/);
  });

  it('names the red-brown espresso cup and saucer warm, the grey living room grey', async () => {
    const coffee = (await analyzeImage(await fixture('coffee.png', 512))).stats.dominantColours;
    expect(coffee.map((c) => c.name)).toEqual(expect.arrayContaining(['red']));
    const room = (await analyzeImage(await fixture('living-room.jpg', 512))).stats.dominantColours;
    expect(room[0]?.name).toMatch(/grey/);
  });

  it('names shaded and faded colours as people do', () => {
    expect(nameOf(211, 96, 58)).toBe('orange'); // a spacesuit in studio light
    expect(nameOf(182, 174, 170)).toMatch(/grey/); // the old RGB distance called it light green
    expect(nameOf(117, 20, 23)).toBe('red'); // maroon flag stripes
    expect(nameOf(23, 50, 85)).toBe('navy blue');
    expect(nameOf(250, 250, 250)).toBe('white');
  });

  it('names a small subject beside a large plain background, shares adding up', async () => {
    const { data, info } = await sharp({
      create: { width: 200, height: 200, channels: 3, background: '#bdbdbd' },
    })
      .composite([
        {
          input: await sharp({
            create: { width: 70, height: 70, channels: 3, background: '#f97306' },
          })
            .png()
            .toBuffer(),
          left: 65,
          top: 65,
        },
      ])
      .removeAlpha()
      .raw()
      .toBuffer({ resolveWithObject: true });
    const colours = dominantColours({ data, width: info.width, height: info.height });
    expect(colours.map((c) => c.name).sort()).toEqual(['light grey', 'orange']);
    expect(colours.find((c) => c.name === 'orange')!.share).toBeCloseTo((70 * 70) / (200 * 200), 1);
    expect(colours.reduce((sum, c) => sum + c.share, 0)).toBeCloseTo(1, 2);
  });

  it('measures colour difference with CIEDE2000 (Sharma et al. test pair)', () => {
    expect(deltaE2000(50, 2.6772, -79.7751, 50, 0, -82.7485)).toBeCloseTo(2.0425, 3);
    expect(deltaE2000(50, 0, 0, 50, -1, 2)).toBeCloseTo(2.3669, 3);
  });
});
