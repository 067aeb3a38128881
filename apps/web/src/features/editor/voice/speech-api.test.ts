import { describe, expect, it } from 'vitest';
import {
  findSpeechRecognition,
  speechLanguage,
  type SpeechRecognitionConstructor,
} from './speech-api';

const Standard = class {} as unknown as SpeechRecognitionConstructor;
const Prefixed = class {} as unknown as SpeechRecognitionConstructor;

describe('findSpeechRecognition', () => {
  it('prefers the standard name, falls back to the webkit one, else reports none', () => {
    expect(
      findSpeechRecognition({ SpeechRecognition: Standard, webkitSpeechRecognition: Prefixed }),
    ).toBe(Standard);
    expect(findSpeechRecognition({ webkitSpeechRecognition: Prefixed })).toBe(Prefixed);
    expect(findSpeechRecognition({})).toBeUndefined();
  });
});

describe('speechLanguage', () => {
  it('follows the interface language and defaults to en-US', () => {
    expect(speechLanguage('en')).toBe('en-US');
    expect(speechLanguage('de')).toBe('de-DE');
    expect(speechLanguage('fr-CA')).toBe('fr-FR');
    expect(speechLanguage('es')).toBe('en-US');
    expect(speechLanguage(undefined)).toBe('en-US');
  });
});
