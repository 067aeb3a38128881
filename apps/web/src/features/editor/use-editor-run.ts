import type { AspectRatio, EditedImageRecord } from '@image-lab/contract';
import { useEffect, useRef, useState } from 'react';
import { useCapabilities } from './api';
import type { ViewChoice } from './use-canvas-view';
import { preflight } from './generation/preflight';
import { useGenerate } from './generation/use-generate';
import { byAge } from './history/history-tree';
import { useRenderTools, type RenderToolsApi } from './presets/use-render-tools';
import type { ResultTools } from './selection/use-result-tools';

export interface RunInput {
  prompt: string;
  preset?: string;
  referenceImageUrl?: string;
}

interface RunContext {
  selected: EditedImageRecord | undefined;
  select(record: EditedImageRecord, tip?: string): void;
  setView(view: ViewChoice): void;
  results: ResultTools;
  /** The known balance; undefined for guests, whose allowance the server checks. */
  credits: number | undefined;
  sessionId: string;
}

/**
 * The prompt and its options, and running an edit from them or from a preset: checked first
 * (working areas §5), then sent; the answer is selected and its skipped parts noted.
 */
export function useEditorRun({
  selected,
  select,
  setView,
  results,
  credits,
  sessionId,
}: RunContext) {
  const capabilities = useCapabilities();
  const [prompt, setPrompt] = useState('');
  const [numImages, setNumImages] = useState(1);
  const [aspectRatio, setAspectRatio] = useState<AspectRatio>('3:4');
  // What the engine skipped of the prompt that made this image (shown while it is on screen).
  const [skipped, setSkipped] = useState<{ imageId: string; parts: string[] } | null>(null);
  const [pendingPreset, setPendingPreset] = useState<string | null>(null);
  const { reports } = results;

  // Moves a two-step render on; set from the render tools below, which need `run`.
  const afterGenerate = useRef<RenderToolsApi['afterGenerate']>(undefined);
  const generation = useGenerate(
    (response, request) => {
      const first = [...response.images].sort(byAge)[0];
      if (first) select(first, first.id);
      setView(response.images.length > 1 ? 'grid' : 'single');
      const parts = reports.noteAnswer(response);
      setSkipped(first && parts.length > 0 ? { imageId: first.id, parts } : null);
      if (!request.preset) setPrompt('');
      afterGenerate.current?.(request, first);
    },
    (clauses) => selected && reports.noteRefusal(selected.id, clauses),
  );

  const described = capabilities.data?.capabilities;
  // Without a hosted image model, a prompt alone makes an abstract picture: say so up front.
  const localGenerator = described?.some(
    (c) => c.capability === 'generate' && c.provider === 'local',
  );
  const canGenerateNew = Boolean(
    described?.some((c) => c.capability === 'generate' && c.available),
  );
  const run = (input: RunInput, source: EditedImageRecord | undefined = selected) => {
    const check = preflight({
      ...input,
      hasImage: Boolean(source),
      canGenerateNew,
      credits,
      numImages,
    });
    if (!check.ok) return generation.refuse(check.toast);
    setPendingPreset(input.preset ?? null);
    setSkipped(null);
    reports.forget();
    generation.generate({
      imageUrl: source?.imageUrl,
      prompt: input.prompt.trim(),
      numImages,
      aspectRatio,
      preset: input.preset,
      referenceImageUrl: input.referenceImageUrl,
      generateNew: check.generateNew || undefined,
      sessionId,
      ...(source === selected ? results.part.requestPart() : {}),
    });
  };

  const tools = useRenderTools({
    capabilities: described,
    credits,
    selected,
    run,
    refuse: generation.refuse,
  });
  useEffect(() => {
    afterGenerate.current = tools.afterGenerate;
  });

  return {
    capabilities,
    localGenerator,
    prompt,
    setPrompt,
    numImages,
    setNumImages,
    aspectRatio,
    setAspectRatio,
    skipped,
    setSkipped,
    pendingPreset,
    run,
    tools,
    isGenerating: generation.isGenerating,
    progress: generation.progress,
  };
}
