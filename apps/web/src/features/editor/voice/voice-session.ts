import type {
  SpeechRecognitionConstructor,
  SpeechRecognitionLike,
  SpeechResultListLike,
} from './speech-api';

/** Working areas §4: idle → listening → processing → complete. */
export type VoiceState = 'idle' | 'listening' | 'processing' | 'complete';

/** Working areas §9: one second of silence after final text sends the edit. */
export const SILENCE_MS = 1000;

/** Why recognition failed, as the user should hear it (one toast text each). */
export type VoiceErrorReason = 'denied' | 'noMicrophone' | 'network' | 'language' | 'failed';

export interface VoiceSessionOptions {
  lang: string;
  /** The prompt as it was when recording started; speech is added after it. */
  base: string;
  onText(text: string): void;
  onState(state: VoiceState): void;
  onSend(text: string): void;
  onError(reason: VoiceErrorReason): void;
  silenceMs?: number;
}

export interface VoiceSession {
  /** False once the session has reached idle or complete. */
  readonly active: boolean;
  /** The user pressed the button again: keep what was said, do not send it. */
  stop(): void;
  /** Drop everything at once (unmount, generation started elsewhere). */
  abort(): void;
}

// The user said nothing or the session was cancelled: nothing to tell them.
const QUIET_ERRORS = new Set(['no-speech', 'aborted']);

export function voiceErrorReason(code: string): VoiceErrorReason {
  switch (code) {
    case 'not-allowed':
    case 'service-not-allowed':
      return 'denied';
    case 'audio-capture':
      return 'noMicrophone';
    case 'network':
      return 'network';
    case 'language-not-supported':
      return 'language';
    default:
      return 'failed';
  }
}

const words = (...parts: string[]) =>
  parts
    .map((part) => part.replace(/\s+/g, ' ').trim())
    .filter(Boolean)
    .join(' ');

/**
 * In continuous mode the event carries every result of the session so far, so the transcript is
 * rebuilt from all of them each time instead of appending (which would repeat words).
 */
export function assembleTranscript(results: SpeechResultListLike) {
  const final: string[] = [];
  const interim: string[] = [];
  for (let i = 0; i < results.length; i++) {
    const result = results[i];
    const text = result?.[0]?.transcript ?? '';
    (result?.isFinal ? final : interim).push(text);
  }
  return { final: words(...final), interim: words(...interim) };
}

export function startVoiceSession(
  Recognition: SpeechRecognitionConstructor,
  options: VoiceSessionOptions,
): VoiceSession {
  const { base, onText, onSend, silenceMs = SILENCE_MS } = options;
  let state: VoiceState = 'idle';
  let finalText = '';
  let timer: ReturnType<typeof setTimeout> | null = null;
  let stopping = false;
  let sent = false;
  let recognitionEnded = false;
  let finished = false;
  let recognition: SpeechRecognitionLike | null = null;

  const setState = (next: VoiceState) => {
    if (next === state) return;
    state = next;
    options.onState(next);
  };
  const clearTimer = () => {
    if (timer !== null) clearTimeout(timer);
    timer = null;
  };
  const finish = (next: 'idle' | 'complete') => {
    if (finished) return;
    finished = true;
    clearTimer();
    if (recognition) recognition.onresult = recognition.onerror = recognition.onend = null;
    setState(next);
  };
  const fail = (reason: VoiceErrorReason) => {
    finish('idle');
    options.onError(reason);
  };

  const autoSend = () => {
    timer = null;
    sent = true;
    const text = words(base, finalText);
    if (recognitionEnded) finish('idle');
    else {
      // Stop first, so nothing said after this moment lands in a prompt that has gone.
      setState('processing');
      recognition?.stop();
    }
    onSend(text);
  };

  const session: VoiceSession = {
    get active() {
      return !finished;
    },
    stop() {
      if (finished || stopping) return;
      stopping = true;
      clearTimer();
      if (recognitionEnded) return finish(finalText ? 'complete' : 'idle');
      setState('processing');
      recognition?.stop();
    },
    abort() {
      if (finished) return;
      const current = recognition;
      finish('idle');
      current?.abort();
    },
  };
  const ended = () => {
    recognitionEnded = true;
    // Final text still waiting for its second of silence: let the timer send it.
    if (timer !== null) setState('processing');
    else finish(finalText && !sent ? 'complete' : 'idle');
  };

  try {
    recognition = new Recognition();
    recognition.lang = options.lang;
    recognition.continuous = true;
    recognition.interimResults = true;
    recognition.maxAlternatives = 1;
  } catch {
    fail('failed');
    return session;
  }

  recognition.onresult = (event) => {
    if (sent) return;
    const { final, interim } = assembleTranscript(event.results);
    finalText = final;
    onText(words(base, final, interim));
    clearTimer();
    // Interim words mean the user is still talking; the silence count starts after final text.
    if (!stopping && final && !interim) timer = setTimeout(autoSend, silenceMs);
  };
  recognition.onerror = (event) => {
    if (QUIET_ERRORS.has(event.error)) ended();
    else fail(voiceErrorReason(event.error));
  };
  recognition.onend = ended;

  setState('listening');
  try {
    recognition.start();
  } catch {
    fail('failed');
  }
  return session;
}
