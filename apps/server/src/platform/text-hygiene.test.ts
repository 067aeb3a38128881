import { describe, expect, it } from 'vitest';
import { findForbiddenText, hasForbiddenText } from './text-hygiene.ts';

describe('hasForbiddenText', () => {
  it.each([
    ['NUL', 'a\u0000b'],
    ['a lone high surrogate', 'a\ud800'],
    ['a lone low surrogate', '\udc00b'],
    ['a reversed pair', '\udc00\ud800'],
    ['U+FDD0', '\ufdd0'],
    ['U+FFFE', '\ufffe'],
    ['U+1FFFF', '\ud83f\udfff'],
    ['U+10FFFE', '\udbff\udffe'],
  ])('finds %s', (_name, text) => {
    expect(hasForbiddenText(text)).toBe(true);
  });

  it.each([
    ['plain text', 'hello'],
    ['an emoji (a valid pair)', '😀'],
    ['tabs and newlines', 'a\tb\nc\r'],
    ['U+FFFD', '\ufffd'],
    ['U+1FFFD', '\ud83f\udffd'],
    ['CJK and Hebrew', '漢字שלום'],
  ])('lets %s through', (_name, text) => {
    expect(hasForbiddenText(text)).toBe(false);
  });
});

describe('findForbiddenText', () => {
  it('names the path of the first bad value, in nested objects and arrays', () => {
    expect(findForbiddenText({ a: { b: ['ok', 'x\u0000'] } }, 'body')).toBe('body.a.b.1');
    expect(findForbiddenText({ ok: 1, fine: [true, null] }, 'body')).toBeUndefined();
    expect(findForbiddenText({ ['k\u0000']: 1 }, 'query')).toBe('query key');
  });
});
