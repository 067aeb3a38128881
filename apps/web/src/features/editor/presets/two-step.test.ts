import { describe, expect, it } from 'vitest';
import { advanceTwoStep } from './two-step.ts';

describe('advanceTwoStep', () => {
  it('goes sketch → photorealistic → complete with a render model', () => {
    expect(advanceTwoStep('step1', 'two-step-sketch', true)).toEqual({
      step: 'step2',
      run: 'photoreal-render',
    });
    expect(advanceTwoStep('step2', 'photoreal-render', true)).toEqual({ step: 'complete' });
  });

  it('stops after the sketch, explained, without one', () => {
    expect(advanceTwoStep('step1', 'two-step-sketch', false)).toEqual({ step: 'needs-hosted' });
  });

  it('ignores other generations', () => {
    expect(advanceTwoStep('step1', 'anime', true)).toEqual({ step: 'step1' });
    expect(advanceTwoStep(null, 'two-step-sketch', true)).toEqual({ step: null });
  });
});
