import i18next from 'i18next';
import { beforeAll, describe, expect, it } from 'vitest';
import en from '@/i18n/en.json';
import { jobName, operationName, timeLeft } from './batch-text';

beforeAll(async () => {
  await i18next.init({ lng: 'en', resources: { en: { translation: en } } });
});
const t = i18next.t.bind(i18next);

describe('batch texts', () => {
  it('says time left as an estimate', () => {
    expect(timeLeft(t, null)).toBeNull();
    expect(timeLeft(t, 12)).toBe('under a minute');
    expect(timeLeft(t, 61)).toBe('about 2 min');
    expect(timeLeft(t, 3 * 3600 + 5 * 60)).toBe('about 3 h 5 min');
  });

  it('names what a batch or a job does', () => {
    const preset = {
      kind: 'preset' as const,
      name: null,
      steps: [{ kind: 'preset' as const, preset: 'white-bg' }],
    };
    expect(operationName(t, preset)).toBe('White BG');
    const prompt = {
      kind: 'prompt' as const,
      name: null,
      steps: [{ kind: 'prompt' as const, prompt: 'warmer' }],
    };
    expect(operationName(t, prompt)).toBe('“warmer”');
    expect(operationName(t, { kind: 'recipe', name: 'Stock look', steps: [] })).toBe('Stock look');
    expect(jobName(t, { kind: 'edit-image', label: 'vintage' })).toBe('Vintage');
    expect(jobName(t, { kind: 'edit-image', label: 'make it pop' })).toBe('“make it pop”');
    expect(jobName(t, { kind: 'generate-video', label: null })).toBe('Video');
    expect(jobName(t, { kind: 'something-new', label: null })).toBe('Job');
  });
});
