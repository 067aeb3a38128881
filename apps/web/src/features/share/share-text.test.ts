import { describe, expect, it } from 'vitest';
import {
  DEFAULT_SHARE_TITLE,
  SHARE_TARGETS,
  shareFileName,
  shareTargetUrl,
  shareText,
  shareTitle,
} from './share-text';

describe('share title (working areas §5)', () => {
  it('is the prompt up to its first dot', () => {
    expect(shareTitle('Make it brighter. Then add a lamp.')).toBe('Make it brighter');
  });

  it('keeps at most 50 characters', () => {
    const long = 'a'.repeat(80);
    expect(shareTitle(long)).toBe('a'.repeat(50));
  });

  it('defaults to AI Generated Image', () => {
    expect(shareTitle('')).toBe(DEFAULT_SHARE_TITLE);
    expect(shareTitle(null)).toBe(DEFAULT_SHARE_TITLE);
    expect(shareTitle('[UPLOADED IMAGE]')).toBe(DEFAULT_SHARE_TITLE);
    expect(shareTitle('. starts with a dot')).toBe(DEFAULT_SHARE_TITLE);
  });
});

describe('share text', () => {
  it('cuts the prompt at 100 characters', () => {
    expect(shareText('b'.repeat(140))).toBe('b'.repeat(100));
    expect(shareText(' short ')).toBe('short');
  });

  it('is empty for an upload', () => {
    expect(shareText('[UPLOADED IMAGE]')).toBe('');
  });
});

describe('share file name', () => {
  it('replaces non-letters and non-digits by underscores and keeps 30', () => {
    expect(shareFileName('make it brighter!')).toBe('make_it_brighter_.png');
    expect(shareFileName('Ünïcode wörds & 42 signs, quite a long prompt here')).toBe(
      'Ünïcode_wörds___42_signs__quit.png',
    );
  });

  it('falls back to image', () => {
    expect(shareFileName('', 'jpg')).toBe('image.jpg');
    expect(shareFileName('[UPLOADED IMAGE]')).toBe('image.png');
  });
});

describe('share targets', () => {
  const thing = {
    url: 'https://lab.example/shared/tok',
    title: 'Sunset',
    text: 'warm sunset & sea',
    imageUrl: 'https://lab.example/api/shared/tok/images/1',
  };
  const parse = (href: string) => new URL(href);

  it('builds each network’s share address with the link encoded', () => {
    expect(shareTargetUrl('x', thing)).toBe(
      'https://x.com/intent/tweet?text=warm+sunset+%26+sea&url=https%3A%2F%2Flab.example%2Fshared%2Ftok',
    );
    expect(parse(shareTargetUrl('linkedin', thing)).searchParams.get('url')).toBe(thing.url);
    expect(parse(shareTargetUrl('reddit', thing)).searchParams.get('title')).toBe('Sunset');
    expect(parse(shareTargetUrl('facebook', thing)).searchParams.get('u')).toBe(thing.url);
    expect(parse(shareTargetUrl('whatsapp', thing)).searchParams.get('text')).toBe(
      'warm sunset & sea https://lab.example/shared/tok',
    );
    const pin = parse(shareTargetUrl('pinterest', thing)).searchParams;
    expect(pin.get('media')).toBe(thing.imageUrl);
    expect(pin.get('description')).toBe(thing.text);
    expect(parse(shareTargetUrl('telegram', thing)).host).toBe('t.me');
  });

  it('uses the title when there is no text, and covers the seven networks', () => {
    const noText = { ...thing, text: '' };
    expect(parse(shareTargetUrl('telegram', noText)).searchParams.get('text')).toBe('Sunset');
    expect(SHARE_TARGETS).toHaveLength(7);
    for (const target of SHARE_TARGETS) expect(shareTargetUrl(target, thing)).toMatch(/^https:/);
  });
});
