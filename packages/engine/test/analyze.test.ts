import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { analyzeImage } from '../src/analyze.ts';
import { interpretPrompt } from '../src/prompt/interpret.ts';
import { fixture } from './measure.ts';

/** White paper with thin dark construction lines: what a CAD export looks like. */
async function lineDrawing(): Promise<Buffer> {
  const lines: string[] = [];
  for (let i = 0; i < 40; i++) {
    lines.push(
      `<line x1="${20 + i * 19}" y1="20" x2="${20 + i * 19}" y2="580" stroke="#222" stroke-width="1.5"/>`,
    );
    lines.push(
      `<line x1="20" y1="${20 + i * 14}" x2="780" y2="${20 + i * 14}" stroke="#333" stroke-width="1"/>`,
    );
  }
  lines.push('<circle cx="400" cy="300" r="150" stroke="#111" stroke-width="3" fill="none"/>');
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="800" height="600"><rect width="800" height="600" fill="#fff"/>${lines.join('')}</svg>`;
  return sharp(Buffer.from(svg)).png().toBuffer();
}

describe('analyzeImage', () => {
  it('describes what it measured in plain words', async () => {
    const result = await analyzeImage(await fixture('living-room.jpg', 600));
    expect(result.analysis).toMatch(/^The image is .+ \(mean brightness \d+%\) with .+\./);
    expect(result.analysis).toMatch(/Dominant colours: /);
    expect(result.stats.brightness).toBeGreaterThan(0.3);
    expect(result.stats.sharpness).toBeGreaterThan(0);
    expect(result.categoryPrompts.length).toBeGreaterThan(0);
  });

  it('suggests brightening a dark photo, and the suggestion is executable', async () => {
    const dark = await sharp(await fixture('coffee.png', 400))
      .linear(0.35, 0)
      .jpeg()
      .toBuffer();
    const result = await analyzeImage(dark);
    expect(result.analysis).toMatch(/dark/);
    expect(result.stats.brightness).toBeLessThan(0.25);
    const first = interpretPrompt(result.suggestions[0]!).operations[0];
    expect(first).toMatchObject({ kind: 'brightness' });
    expect(first?.kind === 'brightness' && first.amount).toBeGreaterThan(0);
  });

  it('suggests sharpening a soft photo and warming a cool one', async () => {
    const soft = await sharp(await fixture('cat.png', 400))
      .blur(4)
      .jpeg()
      .toBuffer();
    const result = await analyzeImage(soft);
    const kinds = result.suggestions.flatMap((s) =>
      interpretPrompt(s).operations.map((op) => op.kind),
    );
    expect(kinds).toContain('sharpen');
    const cool = await sharp(await fixture('living-room.jpg', 400))
      .linear([0.8, 0.95, 1.15], [0, 0, 10])
      .jpeg()
      .toBuffer();
    const coolResult = await analyzeImage(cool);
    expect(coolResult.analysis).toMatch(/cool colour cast/);
    expect(coolResult.suggestions).toContain('Warmer');
  });

  it('every suggestion and category prompt is something the interpreter can execute', async () => {
    for (const language of ['en', 'de', 'fr'] as const) {
      for (const name of ['living-room.jpg', 'coffee.png', 'astronaut.png']) {
        const result = await analyzeImage(await fixture(name, 300), { language });
        for (const prompt of [...result.suggestions, ...result.categoryPrompts]) {
          expect({ prompt, unsupported: interpretPrompt(prompt).unsupported }).toEqual({
            prompt,
            unsupported: [],
          });
        }
      }
    }
  });

  it('recognises a CAD-like line drawing', async () => {
    expect((await analyzeImage(await lineDrawing())).category).toBe('cad');
  });

  it('guesses portraits and rooms, and lets detector labels decide', async () => {
    expect((await analyzeImage(await fixture('astronaut.png', 300))).category).toBe('portrait');
    expect((await analyzeImage(await fixture('living-room.jpg', 400))).category).toBe('room');
    const labelled = await analyzeImage(await fixture('living-room.jpg', 300), {
      labels: ['car', 'person', 'car'],
    });
    expect(labelled.category).toBe('car');
  });

  it('speaks German and French', async () => {
    const photo = await fixture('living-room.jpg', 300);
    expect((await analyzeImage(photo, { language: 'de' })).analysis).toMatch(/^Das Bild ist/);
    expect((await analyzeImage(photo, { language: 'fr' })).analysis).toMatch(/^L’image est/);
  });
});
