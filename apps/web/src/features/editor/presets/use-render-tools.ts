import type { CapabilitiesResponse, EditedImageRecord } from '@image-lab/contract';
import { useState } from 'react';
import { MULTIVIEW, TWO_STEP_MIN_CREDITS, TWO_STEP_SKETCH } from '@/lib/contract-values';
import type { ErrorToast } from '@/lib/error-toasts/error-messages';
import type { EditRequest } from '../api';
import type { RenderTool } from './RenderTools';
import { advanceTwoStep, type TwoStepStep } from './two-step';

/** Working areas §3: multiview keeps the original's size in session storage. */
export const MULTIVIEW_DIMENSIONS_KEY = 'multiviewOriginalDimensions';

const key = (k: string) => ({ key: `editor.${k}` });

/**
 * The render tools of the presets panel: opens Image to Video, runs multiview, and walks a
 * two-step render from its sketch step to the photorealistic step (or explains why it stops).
 */
export function useRenderTools(options: {
  capabilities: CapabilitiesResponse['capabilities'] | undefined;
  credits: number | undefined;
  selected: EditedImageRecord | undefined;
  run(input: { prompt: string; preset?: string }, source?: EditedImageRecord): void;
  refuse(toast: ErrorToast): void;
}) {
  const [videoOpen, setVideoOpen] = useState<boolean | null>(null);
  const [twoStep, setTwoStep] = useState<TwoStepStep | null>(null);
  const canRender = Boolean(
    options.capabilities?.some((c) => c.capability === 'render' && c.available),
  );

  const onTool = (tool: RenderTool) => {
    const { selected, credits, run, refuse } = options;
    if (!selected) {
      return refuse({ title: key('errors.noImage'), description: key('errors.presetNeedsImage') });
    }
    if (tool === 'image-to-video') return setVideoOpen(true);
    if (tool === 'multiview') {
      sessionStorage.setItem(
        MULTIVIEW_DIMENSIONS_KEY,
        JSON.stringify({ width: selected.width, height: selected.height }),
      );
      return run({ prompt: '', preset: MULTIVIEW });
    }
    if (credits !== undefined && credits < TWO_STEP_MIN_CREDITS) {
      return refuse({
        title: key('errors.outOfCredits'),
        description: key('twoStep.needsCredits'),
        outOfCredits: true,
      });
    }
    setTwoStep('step1');
    run({ prompt: '', preset: TWO_STEP_SKETCH });
  };

  /** Called with every finished generation: moves a two-step render on. */
  const afterGenerate = (request: EditRequest, result: EditedImageRecord | undefined) => {
    const next = advanceTwoStep(twoStep, request.preset, canRender);
    setTwoStep(next.step);
    const preset = next.run;
    // After this answer has been handled, not inside it.
    if (preset && result) setTimeout(() => options.run({ prompt: '', preset }, result), 0);
  };

  return {
    onTool,
    afterGenerate,
    videoOpen,
    setVideoOpen,
    twoStep,
    closeTwoStep: () => setTwoStep(null),
    /** The local engine moves a camera over the still; a hosted model would animate it. */
    localVideo: options.capabilities?.some(
      (c) => c.capability === 'video' && c.provider === 'local',
    ),
  };
}

export type RenderToolsApi = ReturnType<typeof useRenderTools>;
