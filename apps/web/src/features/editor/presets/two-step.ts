import { TWO_STEP_RENDER, TWO_STEP_SKETCH } from '@image-lab/contract/catalogue';

/**
 * Two-step render (working areas §4): step1 (sketch conversion), step2 (photorealistic
 * conversion), complete. Without a hosted render model the flow ends after step 1 in
 * 'needs-hosted', which the interface explains instead of pretending.
 */
export type TwoStepStep = 'step1' | 'step2' | 'complete' | 'needs-hosted';

export const TWO_STEP_PRESETS: readonly string[] = [TWO_STEP_SKETCH, TWO_STEP_RENDER];

/** After one of the flow's generations finished: the next step, and the preset it runs. */
export function advanceTwoStep(
  step: TwoStepStep | null,
  finishedPreset: string | undefined,
  canRender: boolean,
): { step: TwoStepStep | null; run?: string } {
  if (step === 'step1' && finishedPreset === TWO_STEP_SKETCH) {
    return canRender ? { step: 'step2', run: TWO_STEP_RENDER } : { step: 'needs-hosted' };
  }
  if (step === 'step2' && finishedPreset === TWO_STEP_RENDER) return { step: 'complete' };
  return { step };
}
