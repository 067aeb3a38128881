import { isAspectRatio, nearestAspectRatio } from '../aspect.ts';
import { findColour } from './colours.ts';
import type { MatchContext, Rule } from './rule.ts';

const LEFTWARD =
  /\b(left|counter ?clockwise|anti ?clockwise|links|gegen den uhrzeigersinn|gauche|sens inverse)\b/;

/** 90 (clockwise), 180 or 270; null for angles the local engine cannot turn by. */
function rotation({ clause }: MatchContext): 90 | 180 | 270 | null {
  if (/upside down|auf den kopf|a l'envers|\b180\b/.test(clause)) return 180;
  const number = /(-)?\b(\d{2,3})\b/.exec(clause);
  if (!number) return LEFTWARD.test(clause) ? 270 : 90;
  const degrees = ((((number[1] ? -1 : 1) * Number(number[2])) % 360) + 360) % 360;
  if (degrees === 90) return LEFTWARD.test(clause) ? 270 : 90;
  return degrees === 180 || degrees === 270 ? degrees : null;
}

const VERTICAL =
  /\b(vertical\w*|upside down|top to bottom|vertikal\w*|senkrecht\w*|oben nach unten|verticale?\w*|haut en bas)\b/;

const RATIO = /\b(\d{1,2})\s?[:/x]\s?(\d{1,2})\b/;
const SHAPES: ReadonlyArray<readonly [RegExp, string]> = [
  [/\b(square|quadrat\w*|carree?s?)\b/, '1:1'],
  [/\b(panorama\w*|panoramique|ultra ?wide|cinemascope)\b/, '21:9'],
  [/\b(widescreen|wide screen|breitbild\w*|grand ecran)\b/, '16:9'],
  [/\b(story|stories|vertical video|hochkant)\b/, '9:16'],
];
const CROP_VERB =
  /\b(crop\w*|cut|trim|reframe|format\w*|aspect|zuschneid\w*|zuschnitt|schneid\w*|beschneid\w*|recadr\w*|rogn\w*|coup\w*)\b/;

/** Background colour, crop, flip and rotation. */
export const FRAME_RULES: readonly Rule[] = [
  {
    id: 'background',
    patterns: [
      ['en', /\b(?:background|backdrop|bg)\b/],
      ['de', /\bhintergrund\w*/],
      ['fr', /\b(?:fond|arriere plan)\b/],
    ],
    build: (c) => {
      const colour = findColour(c.clause);
      return colour ? { kind: 'background', color: colour.hex } : null;
    },
  },
  {
    id: 'crop',
    patterns: [
      ['any', RATIO],
      ['any', CROP_VERB],
      ['en', /\b(?:square|panorama|widescreen)\b/],
      ['de', /\b(?:quadrat\w*|breitbild\w*|panorama\w*)\b/],
      ['fr', /\b(?:carree?s?|panoramique)\b/],
    ],
    build: (c) => {
      const ratio = RATIO.exec(c.clause);
      if (ratio) {
        const text = `${Number(ratio[1])}:${Number(ratio[2])}`;
        if (isAspectRatio(text)) return { kind: 'crop', ratio: text };
        if (Number(ratio[1]) > 0 && Number(ratio[2]) > 0) {
          return { kind: 'crop', ratio: nearestAspectRatio(Number(ratio[1]), Number(ratio[2])) };
        }
        return null;
      }
      const shape = SHAPES.find(([pattern]) => pattern.test(c.clause));
      return shape && isAspectRatio(shape[1]) ? { kind: 'crop', ratio: shape[1] } : null;
    },
  },
  {
    id: 'flip',
    patterns: [
      ['en', /\b(?:flip\w*|mirror\w*)\b/],
      ['de', /\b(?:spiegel\w*|gespiegelt)\b/],
      ['fr', /\b(?:retourn\w*|miroir|symetri\w*|inverse[rz]?)\b/],
    ],
    build: (c) => ({ kind: 'flip', axis: VERTICAL.test(c.clause) ? 'vertical' : 'horizontal' }),
  },
  {
    id: 'rotate',
    patterns: [
      [
        'en',
        /\b(?:rotat\w*|turn\w* (?:it |the (?:image|photo|picture) )?(?:by )?(?:\d+|left|right|upside down|clockwise|counter ?clockwise))\b/,
      ],
      ['en', /\bupside down\b/],
      ['de', /\b(?:dreh\w*|rotier\w*|auf den kopf)\b/],
      ['fr', /\b(?:pivot\w*|tourn\w*|rotation|a l'envers)\b/],
    ],
    build: (c) => {
      const degrees = rotation(c);
      return degrees ? { kind: 'rotate', degrees } : null;
    },
  },
];
