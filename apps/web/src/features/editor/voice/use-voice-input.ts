import { useCallback, useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { showErrorToast } from '@/lib/error-toasts/toasts';
import { findSpeechRecognition, speechLanguage } from './speech-api';
import type { VoiceSession, VoiceState } from './voice-session';

// The recognition logic is its own chunk: most edits are typed, so the editor's first paint does
// not pay for it. The promise is kept so hover, focus and press share one download.
const importSessionModule = () => import('./voice-session');
let loading: ReturnType<typeof importSessionModule> | null = null;
const loadSessionModule = () => {
  loading ??= importSessionModule().catch((error: unknown) => {
    loading = null; // a failed download (offline for a moment) may be retried on the next press
    throw error;
  });
  return loading;
};

export interface VoiceInputOptions {
  /** The prompt now; speech is added after it. */
  value: string;
  onChange(text: string): void;
  /** Sends the spoken prompt (given, because the editor's state has not re-rendered yet). */
  onSend(text: string): void;
  disabled: boolean;
}

/** Voice input for the prompt box: press to talk, press again to stop; silence sends. */
export function useVoiceInput({ value, onChange, onSend, disabled }: VoiceInputOptions) {
  const { t, i18n } = useTranslation();
  const [voice, setVoice] = useState<{ state: VoiceState; text: string }>({
    state: 'idle',
    text: '',
  });
  const spoken = useRef('');
  const session = useRef<VoiceSession | null>(null);
  const starting = useRef(false);
  // The session outlives renders; it must call the newest callbacks, not the ones it began with.
  const latest = useRef({ value, onChange, onSend, disabled });
  useEffect(() => {
    latest.current = { value, onChange, onSend, disabled };
  });

  // A generation started (by voice or by the Send button): the microphone has nothing to add.
  useEffect(() => {
    if (disabled) session.current?.abort();
  }, [disabled]);
  useEffect(() => () => session.current?.abort(), []);

  const prefetch = useCallback(() => {
    if (findSpeechRecognition()) void loadSessionModule().catch(() => {});
  }, []);

  const toggle = useCallback(async () => {
    if (session.current?.active) return session.current.stop();
    if (starting.current) return;
    const Recognition = findSpeechRecognition();
    if (!Recognition) {
      return showErrorToast(t, {
        title: { key: 'voice.unsupportedTitle' },
        description: { key: 'voice.unsupportedBody' },
      });
    }
    starting.current = true;
    try {
      const { startVoiceSession } = await loadSessionModule();
      if (latest.current.disabled) return;
      spoken.current = latest.current.value;
      const started = startVoiceSession(Recognition, {
        lang: speechLanguage(i18n.resolvedLanguage),
        base: latest.current.value,
        onText: (text) => {
          spoken.current = text;
          latest.current.onChange(text);
        },
        onSend: (text) => latest.current.onSend(text),
        onState: (next) => setVoice({ state: next, text: spoken.current }),
        onError: (reason) =>
          showErrorToast(t, {
            title: { key: 'voice.errorTitle' },
            description: { key: `voice.errors.${reason}` },
          }),
      });
      session.current = started.active ? started : null;
    } catch {
      showErrorToast(t, {
        title: { key: 'voice.errorTitle' },
        description: { key: 'voice.errors.failed' },
      });
    } finally {
      starting.current = false;
    }
  }, [t, i18n]);

  // 'Click Send to generate' is only true while the prompt still holds what was said.
  const stale = voice.state === 'complete' && (disabled || value !== voice.text);
  return { state: stale ? 'idle' : voice.state, toggle, prefetch };
}
