import { enhancePrompt } from './enhance-prompt.ts';
import { EngineInputError } from './errors.ts';
import { generateImage } from './generate.ts';
import { EDIT_QUALITY, applyOperationsRaw } from './operations/apply.ts';
import { describeOperation } from './operations/types.ts';
import { applyPresetRaw } from './presets.ts';
import { REMOVAL_CAPABILITIES, localRemoval } from './inpaint/local-capabilities.ts';
import { blendAtEdges, edgeAwareMask } from './masks/edge-aware.ts';
import { SceneMasks } from './masks/scene-masks.ts';
import { describeReport, missedMessage, notDone } from './operations/clause-reports.ts';
import { editPart, type ClauseReport } from './operations/part-edits.ts';
import { removeInPart } from './operations/remove-part.ts';
import { ROOM_CAPABILITIES, localRoomDesign } from './rooms/local-restyle.ts';
import {
  analyzePrompt,
  asksForSomething,
  onSelection,
  type InterpretedClause,
} from './prompt/interpret.ts';
import { selectionMask } from './masks/selection.ts';
import { normalizeText } from './prompt/text.ts';
import type {
  Capability,
  EditRequest,
  GenerateRequest,
  ImageResult,
  PresetRequest,
  Provider,
} from './provider.ts';
import { configureSharp, decodeImage, encodeJpeg, resizeRaw, type RawImage } from './raw-image.ts';
import { transferColourStatistics } from './style-transfer.ts';
import { encodeEdit } from './jpeg/encode-edit.ts';
import { RENDER_NOTES } from './render/render-notes.ts';
import { LOCAL_MODEL_CAPABILITIES, localModels, matteCache } from './local-models.ts';
import { isSubjectPreset } from './scenes/scene-presets.ts';
import { runSubjectPreset } from './scenes/run-subject-preset.ts';
import { imageToVideo } from './video/image-to-video.ts';
import {
  analyzeOnThread,
  detectObjectsOnThread,
  moderateOnThread,
  onEngineThread,
} from './threads/provider-on-thread.ts';
import { presetFacts } from '@image-lab/contract/catalogue';
import {
  CAR_PRESETS,
  PRESET_LABELS,
  isLocalPresetId,
  type CarPresetId,
  type LocalPresetId,
} from './styles/ids.ts';

/** Scene presets grade the light only; moving the car into the scene needs segmentation. */
const NOT_SCENES: readonly CarPresetId[] = [
  'clay-to-render',
  'car-sketch',
  'white-bg',
  'car-cyberpunk',
];
const SCENE_PRESETS = new Set<LocalPresetId>(CAR_PRESETS.filter((id) => !NOT_SCENES.includes(id)));

const clampCount = (n: number) => Math.min(4, Math.max(1, Math.floor(Number.isFinite(n) ? n : 1)));

/** "Style transfer" as the whole prompt: the one preset the interpreter has no operation for. */
export function asksForStyleTransfer(prompt: string): boolean {
  return /^(style transfer|stiltransfer|stil transfer|transfert de style)$/.test(
    normalizeText(prompt),
  );
}

async function renderVariations(
  count: number,
  progress: { signal?: AbortSignal; onProgress?: (fraction: number) => void },
  render: (variation: number) => Promise<RawImage>,
): Promise<Buffer[]> {
  const images: Buffer[] = [];
  for (let variation = 0; variation < count; variation++) {
    progress.signal?.throwIfAborted();
    images.push(await encodeJpeg(await render(variation), EDIT_QUALITY));
    progress.onProgress?.((variation + 1) / count);
  }
  return images;
}

function variationNote(count: number): string[] {
  return count > 1 ? [`${count} variations with different strengths, tints and textures`] : [];
}

async function runPreset(request: PresetRequest & { preset: LocalPresetId }): Promise<ImageResult> {
  const count = clampCount(request.numImages);
  if (isSubjectPreset(request.preset)) {
    return runSubjectPreset({ ...request, preset: request.preset }, count);
  }
  if (presetFacts(request.preset).needsReference && !request.reference) {
    throw new EngineInputError('missing_reference', 'Style transfer needs a reference image');
  }
  const image = await decodeImage(request.image);
  const reference = request.reference ? await decodeImage(request.reference) : undefined;
  const images = await renderVariations(count, request, (variation) =>
    applyPresetRaw(image, request.preset, { variation, reference }),
  );
  const scene = SCENE_PRESETS.has(request.preset);
  const renderNote = RENDER_NOTES[request.preset];
  if (renderNote)
    return {
      images,
      applied: [renderNote.applied, ...variationNote(count)],
      unsupported: renderNote.unsupported,
    };
  return {
    images,
    applied: [
      scene
        ? `${PRESET_LABELS[request.preset]} colour and light grading`
        : `${PRESET_LABELS[request.preset]} look`,
      ...variationNote(count),
    ],
    unsupported: scene ? ['Placing the subject in a new scene (needs background removal)'] : [],
  };
}

async function edit(request: EditRequest): Promise<ImageResult> {
  if (asksForStyleTransfer(request.prompt))
    return runPreset({ ...request, preset: 'style-transfer' });
  const original = await decodeImage(request.image);
  const scene = new SceneMasks(original);
  let { clauses } = analyzePrompt(request.prompt);
  if (request.selection) {
    scene.selection = await selectionMask(scene, request.selection);
    clauses = clauses.map((c) => onSelection(c, request.prompt));
  }
  if (!clauses.some(asksForSomething) && !request.reference) {
    throw new EngineInputError(
      'nothing_to_do',
      clauses.length > 0 ? missedMessage(clauses, new Map()) : 'The prompt holds no instruction',
      { clauses: clauses.map(notDone) },
    );
  }
  const count = clampCount(request.numImages);
  const reports = new Map<InterpretedClause, ClauseReport>();
  // Removals fill from the surroundings once; every variation starts from the filled picture.
  let image = original;
  for (const clause of clauses.filter((c) => c.removal)) {
    const removal = await removeInPart(image, clause, scene, request.signal);
    image = removal.image;
    reports.set(clause, removal.report);
  }
  if (request.reference)
    image = transferColourStatistics(image, await decodeImage(request.reference));
  const parts = clauses.filter((c) => c.target && !c.removal && asksForSomething(c));
  const operations = clauses
    .filter((c) => !c.target)
    .flatMap((c) => c.matches.map((m) => m.operation));
  // A scene or a new background needs the subject's matte: the model runs only then.
  const needsMatte = operations.some(
    (op) => op.kind === 'background' || (op.kind === 'style' && isSubjectPreset(op.style)),
  );
  const matteFor = needsMatte ? matteCache() : undefined;
  const somethingDone = () =>
    [...reports.values()].some((r) => r.done) || operations.length > 0 || !!request.reference;
  const images: Buffer[] = [];
  for (let variation = 0; variation < count; variation++) {
    request.signal?.throwIfAborted();
    let current = image;
    for (const clause of parts) {
      const edited = await editPart(current, clause, scene, variation);
      current = edited.image;
      if (variation === 0) reports.set(clause, edited.report);
    }
    if (variation === 0 && !somethingDone()) {
      throw new EngineInputError('nothing_to_do', missedMessage(clauses, reports), {
        clauses: clauses.map((c) => reports.get(c) ?? notDone(c)),
      });
    }
    current = await applyOperationsRaw(current, operations, {
      variation,
      signal: request.signal,
      matteFor,
    });
    // Outside what the clauses changed, the source's own JPEG blocks are kept.
    const source = { bytes: request.image, pixels: original };
    // Only parts changed (no whole-picture operation): kept blocks however much changed.
    const masked = operations.length === 0 && !request.reference;
    images.push((await encodeEdit(current, source, EDIT_QUALITY, { masked })).bytes);
    request.onProgress?.((variation + 1) / count);
  }
  for (const clause of clauses.filter((c) => !c.target && c.matches.length > 0)) {
    reports.set(clause, {
      text: clause.text,
      done: true,
      code: 'adjusted',
      params: { operations: clause.matches.map((m) => describeOperation(m.operation)).join(', ') },
    });
  }
  const clauseReports = clauses.map((c) => reports.get(c) ?? notDone(c));
  return {
    images,
    applied: [
      ...(request.reference ? ['Colours matched to the reference image'] : []),
      ...clauseReports.filter((r) => r.done).map(describeReport),
      ...variationNote(count),
    ],
    unsupported: clauseReports.filter((r) => !r.done).map((r) => r.text),
    clauses: clauseReports,
  };
}

async function preset(request: PresetRequest): Promise<ImageResult> {
  if (!isLocalPresetId(request.preset)) {
    throw new EngineInputError('unknown_preset', `Unknown preset: ${request.preset}`);
  }
  if (!request.selection) return runPreset({ ...request, preset: request.preset });
  // A preset on a selection: the look inside it, the original everywhere else.
  const original = await decodeImage(request.image);
  const found = await selectionMask(new SceneMasks(original), request.selection);
  if (!found.found) {
    throw new EngineInputError('nothing_to_do', 'Nothing was found at the selection');
  }
  const result = await runPreset({ ...request, preset: request.preset });
  const soft = edgeAwareMask(original, found.mask);
  const images = await Promise.all(
    result.images.map(async (bytes) => {
      const edited = await resizeRaw(await decodeImage(bytes), original.width, original.height);
      const source = { bytes: request.image, pixels: original };
      const blended = blendAtEdges(original, edited, soft);
      return (await encodeEdit(blended, source, EDIT_QUALITY, { masked: true })).bytes;
    }),
  );
  return { ...result, images, applied: result.applied.map((a) => `${a} (selection only)`) };
}

/** Seeds that differ per prompt and per image but repeat for the same request. */
function seedFor(prompt: string, index: number): number {
  let hash = 2166136261;
  for (let i = 0; i < prompt.length; i++) hash = Math.imul(hash ^ prompt.charCodeAt(i), 16777619);
  return ((hash >>> 0) + index * 7919) >>> 0;
}

async function generate(request: GenerateRequest): Promise<ImageResult> {
  const count = clampCount(request.numImages);
  const images: Buffer[] = [];
  for (let i = 0; i < count; i++) {
    request.signal?.throwIfAborted();
    images.push(
      await generateImage({
        prompt: request.prompt,
        aspectRatio: request.aspectRatio,
        seed: seedFor(request.prompt, i),
      }),
    );
    request.onProgress?.((i + 1) / count);
  }
  return {
    images,
    applied: ['Abstract image in the colours and mood of the prompt (local generator)'],
    unsupported: [request.prompt.trim()],
  };
}

const LOCAL_CAPABILITIES: ReadonlySet<Capability> = new Set<Capability>([
  'edit',
  'generate',
  'preset',
  'analyze',
  'enhancePrompt',
  'video',
  ...LOCAL_MODEL_CAPABILITIES,
  ...REMOVAL_CAPABILITIES,
  ...ROOM_CAPABILITIES,
]);

/**
 * The engine that needs no network and no keys: real pixel edits with sharp on the CPU.
 * `threads` sets libvips' worker threads (default: every core).
 */
export function createLocalProvider(options: { threads?: number } = {}): Provider {
  configureSharp(options.threads);
  return {
    id: 'local',
    capabilities: LOCAL_CAPABILITIES,
    generate,
    enhancePrompt: async (prompt) => enhancePrompt(prompt),
    video: (request) => imageToVideo(request.image, request),
    ...localModels,
    ...localRemoval,
    ...localRoomDesign,
    // The pixel work runs on the engine thread (threads/engine-tasks.ts runs these there).
    edit: onEngineThread('edit'),
    preset: onEngineThread('preset'),
    inpaint: onEngineThread('inpaint'),
    upscale: onEngineThread('upscale'),
    analyze: analyzeOnThread,
    detectObjects: detectObjectsOnThread,
    moderate: moderateOnThread,
  };
}

/** The edits as they run on the engine thread itself. */
export const localPixelWork = { edit, preset };
