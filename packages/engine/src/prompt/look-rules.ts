import type { StylePreset } from '../styles/ids.ts';
import type { Rule } from './rule.ts';

const look = (style: StylePreset, patterns: Rule['patterns']): Rule => ({
  id: `style:${style}`,
  patterns,
  build: () => ({ kind: 'style', style }),
});

/**
 * Style and car-preset names (and the preset ids themselves). Longer names come before the
 * names they contain: "clay to render" before "clay", "beach lot" before "beach".
 */
export const LOOK_RULES: readonly Rule[] = [
  look('clay-to-render', [['any', /\bclay ?(?:to|2) ?render\b/]]),
  look('car-sketch', [
    ['any', /\bcar sketch\b/],
    ['en', /\b(?:design|marker) sketch\b/],
    ['de', /\bautoskizze\b/],
    ['fr', /\bcroquis (?:de )?(?:voiture|auto)\b/],
  ]),
  look('car-cyberpunk', [['any', /\bcar cyberpunk\b/]]),
  look('white-bg', [['any', /\bwhite ?bg\b/]]),
  look('beach-lot', [
    ['en', /\bbeach (?:lot|parking\w*)\b/],
    ['de', /\bstrandparkplatz\b/],
    ['fr', /\bparking (?:de|a|sur) la plage\b/],
  ]),
  look('ca-highway', [
    ['any', /\b(?:ca highway|highway|california\w*|pacific coast)\b/],
    ['de', /\bkalifornien\w*/],
    ['fr', /\bcalifornie\w*/],
  ]),
  look('night-scene', [
    ['en', /\b(?:night\w*|midnight)\b/],
    ['de', /\bnacht\w*/],
    ['fr', /\b(?:nuit|nocturne)\b/],
  ]),
  look('sunset', [
    ['en', /\b(?:sunset|golden hour|dusk)\b/],
    ['de', /\b(?:sonnenuntergang|abendrot|goldene\w* stunde|abenddammerung)\b/],
    ['fr', /\b(?:coucher (?:de|du) soleil|crepuscule|heure doree)\b/],
  ]),
  look('fog', [
    ['en', /\b(?:fog\w*|mist\w*|haz[ey])\b/],
    ['de', /\b(?:nebel\w*|dunst\w*)\b/],
    ['fr', /\b(?:brouillard|brume\w*)\b/],
  ]),
  look('forest', [
    ['en', /\b(?:forest|woods|woodland|jungle)\b/],
    ['de', /\b(?:wald|forst)\b/],
    ['fr', /\b(?:foret|sous bois)\b/],
  ]),
  look('desert', [
    ['any', /\b(?:desert|dunes?|sahara)\b/],
    ['de', /\bwuste\w*/],
  ]),
  look('beach', [
    ['en', /\b(?:beach|seaside)\b/],
    ['de', /\bstrand\b/],
    ['fr', /\b(?:plage|bord de mer)\b/],
  ]),
  look('pop-art', [['any', /\b(?:pop ?art|warhol|lichtenstein)\b/]]),
  look('oil-paint', [
    ['en', /\b(?:oil(?: ?paint\w*| on canvas)?|impasto|painterly)\b/],
    ['de', /\b(?:ol ?gemalde|olbild|olmalerei|olfarbe\w*|in ol)\b/],
    ['fr', /\b(?:peinture a l'huile|a l'huile|huile)\b/],
  ]),
  look('watercolor', [
    ['en', /\bwater ?colou?r\w*/],
    ['de', /\baquarell(?!e)\w*/],
    ['fr', /\baquarelle\w*/],
    ['fr', /\bpeinture a l'eau\b/],
  ]),
  look('anime', [['any', /\b(?:anime|manga|cel shad\w*|ghibli)\b/]]),
  look('vintage', [
    ['any', /\b(?:vintage|retro)\b/],
    ['en', /\b(?:old photo\w*|nostalgic|faded film)\b/],
    ['de', /\b(?:nostalgisch\w*|alte\w* foto\w*)\b/],
    ['fr', /\b(?:nostalgique|vieille photo|photo ancienne)\b/],
  ]),
  look('clay', [
    ['en', /\b(?:clay|claymation|plasticine)\b/],
    ['de', /\b(?:knete\w*|knetmasse|plastilin\w*|aus ton|ton ?(?:optik|stil|figur\w*))\b/],
    ['fr', /\b(?:argile|pate a modeler)\b/],
  ]),
  look('cyberpunk', [['any', /\b(?:cyber ?punk|neon\w*)\b/]]),
  look('sketch', [
    ['en', /\b(?:sketch\w*|pencil\w*(?: drawing)?|drawing|line art|hand drawn|graphite)\b/],
    ['de', /\b(?:skizze\w*|zeichnung|bleistift\w*|gezeichnet|strichzeichnung)\b/],
    ['fr', /\b(?:croquis|esquisse|dessin\w*|crayon)\b/],
  ]),
  look('cinematic', [
    [
      'en',
      /\b(?:cinematic|cinema|film look|movie(?: look| still)?|hollywood|blockbuster|teal (?:and|&) orange)\b/,
    ],
    ['de', /\b(?:filmisch\w*|kino\w*|cinematisch\w*)\b/],
    ['fr', /\b(?:cinematographique|cinema|effet film|style film)\b/],
  ]),
];
