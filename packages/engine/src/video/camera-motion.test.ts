import { describe, expect, it } from 'vitest';
import { chooseCameraMotion, DEFAULT_MOTION } from './camera-motion.ts';

describe('chooseCameraMotion', () => {
  it.each([
    ['Slow zoom in on the sofa', 'zoom-in'],
    ['push in slowly', 'zoom-in'],
    ['zoom out to reveal the room', 'zoom-out'],
    ['pull back', 'zoom-out'],
    ['pan left across the kitchen', 'pan-left'],
    ['pan to the right', 'pan-right'],
    ['tilt up to the ceiling', 'pan-up'],
    ['pan down', 'pan-down'],
    ['langsam hineinzoomen', 'zoom-in'],
    ['rauszoomen bitte', 'zoom-out'],
    ['Kameraschwenk nach links', 'pan-left'],
    ['schwenk nach rechts', 'pan-right'],
    ['nach oben schwenken', 'pan-up'],
    ['zoom arrière lent', 'zoom-out'],
    ['zoom avant sur la voiture', 'zoom-in'],
    ['panoramique vers la gauche', 'pan-left'],
    ['panoramique à droite', 'pan-right'],
    ['caméra vers le bas', 'pan-down'],
  ])('%s → %s', (prompt, motion) => {
    expect(chooseCameraMotion(prompt)).toEqual({ motion, fromPrompt: true });
  });

  it('takes the first move named', () => {
    expect(chooseCameraMotion('pan left, then zoom in').motion).toBe('pan-left');
    expect(chooseCameraMotion('zoom in and pan left').motion).toBe('zoom-in');
  });

  it('reads a bare zoom as in and a bare pan as right', () => {
    expect(chooseCameraMotion('gentle zoom').motion).toBe('zoom-in');
    expect(chooseCameraMotion('a slow pan').motion).toBe('pan-right');
  });

  it('falls back to a slow zoom in, and says it did', () => {
    expect(chooseCameraMotion('make it come alive')).toEqual({
      motion: DEFAULT_MOTION,
      fromPrompt: false,
    });
    expect(chooseCameraMotion('')).toEqual({ motion: 'zoom-in', fromPrompt: false });
  });
});
