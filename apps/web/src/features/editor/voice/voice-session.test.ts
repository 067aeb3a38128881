import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { SpeechRecognitionLike, SpeechResultLike } from './speech-api';
import {
  assembleTranscript,
  startVoiceSession,
  voiceErrorReason,
  type VoiceSessionOptions,
} from './voice-session';

/** A recognizer the test drives by hand: say() plays what the browser would report. */
class FakeRecognition implements SpeechRecognitionLike {
  static last: FakeRecognition;
  lang = '';
  continuous = false;
  interimResults = false;
  maxAlternatives = 0;
  onresult: SpeechRecognitionLike['onresult'] = null;
  onerror: SpeechRecognitionLike['onerror'] = null;
  onend: SpeechRecognitionLike['onend'] = null;
  started = 0;
  stopped = 0;
  aborted = 0;
  private results: SpeechResultLike[] = [];
  constructor() {
    FakeRecognition.last = this;
  }
  start() {
    this.started++;
  }
  stop() {
    this.stopped++;
  }
  abort() {
    this.aborted++;
  }
  /** Replaces the still-open (interim) result, or opens a new one, like Chrome does. */
  say(transcript: string, isFinal: boolean) {
    const open = this.results.at(-1);
    if (open && !open.isFinal) this.results.pop();
    this.results.push(Object.assign([{ transcript }], { isFinal }));
    this.onresult?.({ resultIndex: this.results.length - 1, results: this.results });
  }
  fail(error: string) {
    this.onerror?.({ error });
    this.onend?.();
  }
  end() {
    this.onend?.();
  }
}

function start(overrides: Partial<VoiceSessionOptions> = {}) {
  const calls = {
    text: [] as string[],
    states: [] as string[],
    sent: [] as string[],
    errors: [] as string[],
  };
  const session = startVoiceSession(FakeRecognition, {
    lang: 'de-DE',
    base: '',
    onText: (text) => calls.text.push(text),
    onState: (state) => calls.states.push(state),
    onSend: (text) => calls.sent.push(text),
    onError: (reason) => calls.errors.push(reason),
    ...overrides,
  });
  return { session, calls, rec: FakeRecognition.last };
}

beforeEach(() => vi.useFakeTimers());
afterEach(() => vi.useRealTimers());

describe('voice session', () => {
  it('starts a continuous recognizer with interim results in the given language', () => {
    const { rec, calls, session } = start();
    expect(rec).toMatchObject({ lang: 'de-DE', continuous: true, interimResults: true });
    expect(rec.started).toBe(1);
    expect(calls.states).toEqual(['listening']);
    expect(session.active).toBe(true);
  });

  it('shows interim text live, replaces it with the final text, and sends after 1 s of silence', () => {
    const { rec, calls, session } = start();
    rec.say('make it', false);
    rec.say('make it brigh', false);
    rec.say('make it brighter', true);
    expect(calls.text).toEqual(['make it', 'make it brigh', 'make it brighter']);

    vi.advanceTimersByTime(999);
    expect(calls.sent).toEqual([]);
    expect(rec.stopped).toBe(0);
    vi.advanceTimersByTime(1);
    expect(calls.sent).toEqual(['make it brighter']);
    expect(rec.stopped).toBe(1);
    expect(calls.states).toEqual(['listening', 'processing']);

    // Late words after the send do not touch the prompt; the end returns to idle, not complete.
    rec.say('and warmer', true);
    rec.end();
    expect(calls.text).toHaveLength(3);
    expect(calls.states).toEqual(['listening', 'processing', 'idle']);
    expect(session.active).toBe(false);
  });

  it('keeps what was typed before and adds the speech after it', () => {
    const { rec, calls } = start({ base: '  warmer  ' });
    rec.say(' more contrast ', true);
    vi.advanceTimersByTime(1000);
    expect(calls.text).toEqual(['warmer more contrast']);
    expect(calls.sent).toEqual(['warmer more contrast']);
  });

  it('restarts the silence count whenever the user speaks again', () => {
    const { rec, calls } = start();
    rec.say('make it brighter', true);
    vi.advanceTimersByTime(800);
    rec.say('and', false);
    vi.advanceTimersByTime(1500);
    expect(calls.sent).toEqual([]);
    rec.say('and warmer', true);
    expect(calls.text.at(-1)).toBe('make it brighter and warmer');
    vi.advanceTimersByTime(999);
    expect(calls.sent).toEqual([]);
    vi.advanceTimersByTime(1);
    expect(calls.sent).toEqual(['make it brighter and warmer']);
  });

  it('does not send on interim text alone', () => {
    const { rec, calls } = start();
    rec.say('make it', false);
    vi.advanceTimersByTime(5000);
    expect(calls.sent).toEqual([]);
    expect(calls.states).toEqual(['listening']);
  });

  it('stops when pressed again: keeps the words, sends nothing, ends complete', () => {
    const { rec, calls, session } = start();
    rec.say('sepia', true);
    session.stop();
    expect(rec.stopped).toBe(1);
    expect(calls.states).toEqual(['listening', 'processing']);
    rec.say('please', true); // the recognizer flushes its last words before ending
    vi.advanceTimersByTime(3000);
    rec.end();
    expect(calls.sent).toEqual([]);
    expect(calls.text.at(-1)).toBe('sepia please');
    expect(calls.states).toEqual(['listening', 'processing', 'complete']);
  });

  it('returns to idle, not complete, when stopped before anything was said', () => {
    const { rec, calls, session } = start();
    session.stop();
    rec.end();
    expect(calls.states).toEqual(['listening', 'processing', 'idle']);
  });

  it('still sends after the silence when the recognizer ends on its own first', () => {
    const { rec, calls } = start();
    rec.say('rotate left', true);
    rec.end();
    expect(calls.states).toEqual(['listening', 'processing']);
    vi.advanceTimersByTime(1000);
    expect(calls.sent).toEqual(['rotate left']);
    expect(calls.states).toEqual(['listening', 'processing', 'idle']);
  });

  it('reports real errors once and quietly goes idle on no-speech and aborted', () => {
    const denied = start();
    denied.rec.fail('not-allowed');
    expect(denied.calls.errors).toEqual(['denied']);
    expect(denied.calls.states).toEqual(['listening', 'idle']);

    for (const code of ['no-speech', 'aborted']) {
      const quiet = start();
      quiet.rec.fail(code);
      expect(quiet.calls.errors).toEqual([]);
      expect(quiet.calls.states).toEqual(['listening', 'idle']);
    }
  });

  it('maps error codes to what the user can do about them', () => {
    expect(voiceErrorReason('not-allowed')).toBe('denied');
    expect(voiceErrorReason('service-not-allowed')).toBe('denied');
    expect(voiceErrorReason('audio-capture')).toBe('noMicrophone');
    expect(voiceErrorReason('network')).toBe('network');
    expect(voiceErrorReason('language-not-supported')).toBe('language');
    expect(voiceErrorReason('bad-grammar')).toBe('failed');
  });

  it('abort drops the recognizer and ignores everything after it', () => {
    const { rec, calls, session } = start();
    rec.say('blur', true);
    session.abort();
    expect(rec.aborted).toBe(1);
    vi.advanceTimersByTime(2000);
    rec.say('blur more', true);
    rec.end();
    expect(calls.sent).toEqual([]);
    expect(calls.text).toEqual(['blur']);
    expect(calls.states).toEqual(['listening', 'idle']);
    expect(session.active).toBe(false);
  });

  it('reports a recognizer that refuses to start', () => {
    class Broken extends FakeRecognition {
      override start(): void {
        throw new Error('InvalidStateError');
      }
    }
    const calls: string[] = [];
    const session = startVoiceSession(Broken, {
      lang: 'en-US',
      base: '',
      onText: () => {},
      onState: (state) => calls.push(state),
      onSend: () => {},
      onError: (reason) => calls.push(reason),
    });
    expect(calls).toEqual(['listening', 'idle', 'failed']);
    expect(session.active).toBe(false);
  });
});

describe('assembleTranscript', () => {
  it('joins final and interim results separately, tidying spaces', () => {
    const results = [
      Object.assign([{ transcript: 'make it ' }], { isFinal: true }),
      Object.assign([{ transcript: ' brighter' }], { isFinal: true }),
      Object.assign([{ transcript: ' and  war' }], { isFinal: false }),
    ];
    expect(assembleTranscript(results)).toEqual({
      final: 'make it brighter',
      interim: 'and war',
    });
    expect(assembleTranscript([])).toEqual({ final: '', interim: '' });
  });
});
