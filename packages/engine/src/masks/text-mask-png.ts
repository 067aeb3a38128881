import sharp from 'sharp';
import { EngineInputError } from '../errors.ts';
import { missed } from '../operations/part-edits.ts';
import { describeReport } from '../operations/clause-reports.ts';
import { analyzePrompt, asksForSomething } from '../prompt/interpret.ts';
import { decodeImage } from '../raw-image.ts';
import { dilate } from '../inpaint/mask-tools.ts';
import { SceneMasks } from './scene-masks.ts';

/**
 * A hosted inpainter redraws what its mask opens: the lines' cover (not only the strokes, whose
 * thin shapes a diffusion model tends to redraw as letters), grown by a little more so the
 * letters' halo goes too (pixels per 1000 of the long side).
 */
const GROW = 4;

/**
 * For a prompt that is only about the picture's text ("remove the text", "blur the licence
 * plate"): the text's mask as a black-and-white PNG at the picture's size (white = the text),
 * for a hosted model's masked call and the compositing of its answer. Null when the prompt asks
 * for anything else too (the hosted model then edits the whole picture as it would). When no
 * text is found, the edit is refused with the clause reports, as the local engine refuses it.
 */
export async function textMaskPng(image: Buffer, prompt: string): Promise<Buffer | null> {
  const clauses = analyzePrompt(prompt).clauses.filter(asksForSomething);
  const isText = (kind?: string) => kind === 'text' || kind === 'plate';
  if (clauses.length === 0 || !clauses.every((c) => isText(c.target?.kind))) return null;
  const raw = await decodeImage(image);
  const scene = new SceneMasks(raw);
  const masks = [];
  const reports = [];
  for (const clause of clauses) {
    const found = await scene.resolve(clause.target!);
    if (found.found) masks.push(found.mask);
    else reports.push(missed(clause, found));
  }
  if (masks.length === 0) {
    throw new EngineInputError('nothing_to_do', reports.map(describeReport).join('; '), {
      clauses: reports,
    });
  }
  const { width, height } = raw;
  const open = new Uint8Array(width * height);
  for (const mask of masks)
    for (let p = 0; p < open.length; p++) if (mask.data[p]! >= 128) open[p] = 1;
  const reach = Math.max(2, Math.round((GROW * Math.max(width, height)) / 1000));
  return sharp(Buffer.from(dilate(open, width, height, reach)), {
    raw: { width, height, channels: 1 },
  })
    .png()
    .toBuffer();
}
