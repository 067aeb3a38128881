import { normalizeText } from '../prompt/text.ts';

export const CAMERA_MOTIONS = [
  'zoom-in',
  'zoom-out',
  'pan-left',
  'pan-right',
  'pan-up',
  'pan-down',
] as const;
export type CameraMotion = (typeof CAMERA_MOTIONS)[number];

/** A slow push in: the classic Ken Burns move, and what a still photo suits best. */
export const DEFAULT_MOTION: CameraMotion = 'zoom-in';

export const MOTION_LABELS: Readonly<Record<CameraMotion, string>> = {
  'zoom-in': 'Slow zoom in',
  'zoom-out': 'Slow zoom out',
  'pan-left': 'Pan left',
  'pan-right': 'Pan right',
  'pan-up': 'Pan up',
  'pan-down': 'Pan down',
};

// Matched against normalizeText() output: lower case, no accents, punctuation as spaces.
// Directions are read before bare words, so "zoom out" is never a plain "zoom" (in).
const RULES: ReadonlyArray<readonly [CameraMotion, RegExp]> = [
  [
    'zoom-out',
    /\b(zoom(ing)? out|pull(ing)? (back|out)|dolly out|wide(r|ning)? (out|shot)|reveal|raus ?zoom\w*|heraus ?zoom\w*|auszoom\w*|zoom (heraus|raus)|wegzoom\w*|dezoom\w*|zoom arriere|recul\w*|eloign\w*)\b/,
  ],
  [
    'zoom-in',
    /\b(zoom(ing)? in|push(ing)? in|dolly in|close ?up|move (closer|in)|hinein ?zoom\w*|rein ?zoom\w*|heranzoom\w*|ranzoom\w*|zoom (hinein|rein|heran)|naher|zoom avant|rapproch\w*|avanc\w*)\b/,
  ],
  [
    'pan-left',
    /\b(pan\w* (to the )?left|(move|track|slide|drift)\w* (to the )?left|leftwards?|schwenk\w* (nach )?links|nach links|links ?schwenk\w*|panoramique (vers la |a )?gauche|vers la gauche|a gauche)\b/,
  ],
  [
    'pan-right',
    /\b(pan\w* (to the )?right|(move|track|slide|drift)\w* (to the )?right|rightwards?|schwenk\w* (nach )?rechts|nach rechts|rechts ?schwenk\w*|panoramique (vers la |a )?droite|vers la droite|a droite)\b/,
  ],
  [
    'pan-up',
    /\b(pan\w* up(wards?)?|tilt\w* up|(move|drift|rise|crane)\w* up(wards?)?|schwenk\w* (nach )?oben|nach oben|hoch ?schwenk\w*|vers le haut|panoramique (vers le )?haut|monte\w*)\b/,
  ],
  [
    'pan-down',
    /\b(pan\w* down(wards?)?|tilt\w* down|(move|drift|sink|descend)\w* down(wards?)?|schwenk\w* (nach )?unten|nach unten|runter ?schwenk\w*|vers le bas|panoramique (vers le )?bas|descen\w*)\b/,
  ],
];

// A bare "zoom" (any language) or "pan" without a direction, when no rule above names one.
const BARE: ReadonlyArray<readonly [CameraMotion, RegExp]> = [
  ['zoom-in', /\b(zoom\w*|heranfahr\w*)\b/],
  ['pan-right', /\b(pan|panning|schwenk\w*|kameraschwenk\w*|panoramique)\b/],
];

function firstMatch(text: string, rules: typeof RULES): CameraMotion | undefined {
  let best: { motion: CameraMotion; at: number } | undefined;
  for (const [motion, pattern] of rules) {
    const match = pattern.exec(text);
    if (match && (best === undefined || match.index < best.at)) {
      best = { motion, at: match.index };
    }
  }
  return best?.motion;
}

/**
 * The camera move a prompt asks for ("slow zoom out", "schwenk nach links", "panoramique vers
 * le haut"), the first one named. A prompt that names none gets the default move, and says so.
 */
export function chooseCameraMotion(prompt: string): { motion: CameraMotion; fromPrompt: boolean } {
  const text = normalizeText(prompt);
  const motion = firstMatch(text, RULES) ?? firstMatch(text, BARE);
  return motion ? { motion, fromPrompt: true } : { motion: DEFAULT_MOTION, fromPrompt: false };
}
