/**
 * The small part of the Web Speech API the editor uses. TypeScript's DOM library declares the
 * result types but not the recognizer itself (Chrome and Edge still ship it as
 * `webkitSpeechRecognition`), so these minimal shapes keep the code typed without `any`.
 * This file is loaded with the editor; the session logic is loaded on demand.
 */
export interface SpeechAlternativeLike {
  readonly transcript: string;
}

export interface SpeechResultLike {
  readonly isFinal: boolean;
  readonly length: number;
  readonly [index: number]: SpeechAlternativeLike | undefined;
}

export interface SpeechResultListLike {
  readonly length: number;
  readonly [index: number]: SpeechResultLike | undefined;
}

export interface SpeechResultEventLike {
  readonly resultIndex: number;
  readonly results: SpeechResultListLike;
}

export interface SpeechErrorEventLike {
  readonly error: string;
}

export interface SpeechRecognitionLike {
  lang: string;
  continuous: boolean;
  interimResults: boolean;
  maxAlternatives: number;
  onresult: ((event: SpeechResultEventLike) => void) | null;
  onerror: ((event: SpeechErrorEventLike) => void) | null;
  onend: (() => void) | null;
  start(): void;
  stop(): void;
  abort(): void;
}

export type SpeechRecognitionConstructor = new () => SpeechRecognitionLike;

interface SpeechScope {
  SpeechRecognition?: SpeechRecognitionConstructor;
  webkitSpeechRecognition?: SpeechRecognitionConstructor;
}

/** The browser's recognizer, standard name first; undefined in Firefox and Safari without it. */
export function findSpeechRecognition(
  scope: SpeechScope = globalThis as unknown as SpeechScope,
): SpeechRecognitionConstructor | undefined {
  return scope.SpeechRecognition ?? scope.webkitSpeechRecognition;
}

const LOCALES: Record<string, string> = { en: 'en-US', de: 'de-DE', fr: 'fr-FR' };

/** Recognition language for the interface language (the spec's default is en-US). */
export function speechLanguage(interfaceLanguage: string | undefined): string {
  const base = interfaceLanguage?.split('-')[0]?.toLowerCase() ?? 'en';
  return LOCALES[base] ?? 'en-US';
}
