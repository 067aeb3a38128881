import { describe, expect, it } from 'vitest';
import { formatElapsed, videoFileName } from './video-helpers.ts';

describe('formatElapsed', () => {
  it('shows minutes and two-digit seconds', () => {
    expect(formatElapsed(0)).toBe('0:00');
    expect(formatElapsed(7_900)).toBe('0:07');
    expect(formatElapsed(83_000)).toBe('1:23');
    expect(formatElapsed(-5)).toBe('0:00');
  });
});

describe('videoFileName', () => {
  it('takes a safe piece of the prompt, else the motion', () => {
    expect(videoFileName('zoom-out', 'Slow zoom out, please!')).toBe(
      'video-Slow_zoom_out_please.mp4',
    );
    expect(videoFileName('zoom-in', '')).toBe('video-zoom-in.mp4');
    expect(videoFileName(null, '  ')).toBe('video-image.mp4');
    expect(videoFileName('pan-left', 'x'.repeat(80))).toBe(`video-${'x'.repeat(30)}.mp4`);
  });
});
