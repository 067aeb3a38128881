import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import type { TFunction } from 'i18next';
import { UPLOADED_IMAGE_PROMPT } from '@/lib/contract-values';

const PRESET_PROMPT = /^Preset: ([a-z0-9-]+)$/;

/** The words a tile shows: its prompt, or its file name when it has none (an upload). */
export function useTileText() {
  const { t, i18n } = useTranslation();
  const language = i18n.language;
  return useMemo(() => helpers(t, language), [t, language]);
}

// Formatters are slow to make: one per language and style for the whole page, not per tile.
const formatters = new Map<string, Intl.DateTimeFormat>();
function formatter(language: string, options: Intl.DateTimeFormatOptions) {
  const key = `${language}|${options.dateStyle}|${options.timeStyle}`;
  let made = formatters.get(key);
  if (!made) {
    try {
      made = new Intl.DateTimeFormat(language, options);
    } catch {
      made = new Intl.DateTimeFormat(undefined, options);
    }
    formatters.set(key, made);
  }
  return made;
}

function helpers(t: TFunction, language: string) {
  const title = (item: { prompt?: string | null; filename: string }) => {
    const prompt = item.prompt?.trim();
    if (!prompt || prompt === UPLOADED_IMAGE_PROMPT) return item.filename;
    const preset = PRESET_PROMPT.exec(prompt)?.[1];
    if (!preset) return prompt;
    return t('editor.history.preset', {
      name: t(`editor.presets.names.${preset}`, { defaultValue: preset }),
    });
  };
  const timeFormat = formatter(language, { dateStyle: 'medium', timeStyle: 'short' });
  const dateFormats = {
    medium: formatter(language, { dateStyle: 'medium' }),
    long: formatter(language, { dateStyle: 'long' }),
  };
  const valid = (iso: string) => {
    const value = new Date(iso);
    return Number.isNaN(value.getTime()) ? null : value;
  };
  const time = (iso: string) => {
    const value = valid(iso);
    return value ? timeFormat.format(value) : '';
  };
  const date = (iso: string, dateStyle: 'medium' | 'long' = 'medium') => {
    const value = valid(iso);
    return value ? dateFormats[dateStyle].format(value) : '';
  };
  return { title, time, date };
}
