import { UPLOADED_IMAGE_PROMPT } from '@/lib/contract-values';
import type { HistoryRecord } from './history-tree.ts';

export type StepLabel =
  | { kind: 'upload' }
  | { kind: 'crop' }
  | { kind: 'preset'; preset: string }
  | { kind: 'prompt'; text: string };

const PRESET_PROMPT = /^Preset: ([a-z0-9-]+)$/;

/** What a history step says: the prompt, or what kind of step it was when it has none. */
export function stepLabel(record: Pick<HistoryRecord, 'prompt' | 'model' | 'imageType'>) {
  const prompt = record.prompt.trim();
  if (record.model === 'manual-crop') return { kind: 'crop' } satisfies StepLabel;
  if (record.imageType === 'upload' || prompt === UPLOADED_IMAGE_PROMPT || prompt === '') {
    return { kind: 'upload' } satisfies StepLabel;
  }
  const preset = PRESET_PROMPT.exec(prompt)?.[1];
  if (preset) return { kind: 'preset', preset } satisfies StepLabel;
  return { kind: 'prompt', text: prompt } satisfies StepLabel;
}
