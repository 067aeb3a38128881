import { scaled, type Rule } from './rule.ts';

const BACKGROUND_WORD = /\b(background|backdrop|bg|hintergrund\w*|fond|arriere plan)\b/;

/** Whole-image looks that come before the frame rules: monochrome, vignette, grain. */
export const EFFECT_RULES: readonly Rule[] = [
  {
    id: 'grayscale',
    patterns: [
      [
        'en',
        /\b(black (?:and|&|n) white|b ?& ?w|b\/w|monochrome?|gr[ae]y ?scale|colou?rless|no colou?rs?)\b/,
      ],
      [
        'de',
        /\b(schwarz ?(?:und |& ?)?weiss\w*|s\/w|graustufe\w*|monochrom\w*|farblos\w*|ohne farbe\w*)\b/,
      ],
      ['fr', /\b(noir (?:et|&) blanc|noir blanc|niveaux de gris|monochrome|sans couleurs?)\b/],
    ],
    build: () => ({ kind: 'grayscale' }),
  },
  { id: 'sepia', patterns: [['any', /\bsepia\w*/]], build: () => ({ kind: 'sepia' }) },
  {
    id: 'vignette',
    patterns: [
      ['any', /\bvignett\w*/],
      ['en', /\bdark(?:er|en)? (?:the )?(?:corners|edges)\b/],
      ['de', /\b(?:dunkle\w* (?:ecken|rander)|(?:ecken|rander) abdunkeln)\b/],
      ['fr', /\b(?:coins (?:plus )?sombres|assombrir les (?:coins|bords)|bords sombres)\b/],
    ],
    build: (c) => ({ kind: 'vignette', strength: Math.min(1, scaled(0.5, c)) }),
  },
  {
    id: 'grain',
    patterns: [
      ['any', /\b(?:film grain|grain\w*)\b/],
      ['en', /\b(?:add noise|noisy)\b/],
      ['de', /\b(?:filmkorn|kornung|korn|kornig\w*|rauschen)\b/],
      ['fr', /\b(?:granuleu\w*|bruit)\b/],
    ],
    build: (c) => ({ kind: 'grain', amount: Math.min(1, scaled(0.35, c)), seed: c.seed }),
  },
];

/** Tone and colour; order matters: earlier rules consume their words ("less bright"). */
export const TONE_RULES: readonly Rule[] = [
  {
    id: 'hue',
    patterns: [
      ['en', /\b(?:hue|shift (?:the )?colou?rs?)\b/],
      ['de', /\b(?:farbton\w*|farben verschieben)\b/],
      ['fr', /\b(?:teinte|decaler les couleurs)\b/],
    ],
    build: (c) => {
      const number = /(-)?\b(\d{1,3})\b/.exec(c.clause);
      const degrees = number ? (number[1] ? -1 : 1) * Number(number[2]) : 30 * c.intensity;
      return { kind: 'hue', degrees };
    },
  },
  {
    id: 'blur',
    patterns: [
      ['en', /\bless sharp\w*/],
      ['de', /\bweniger scharf\w*/],
      ['fr', /\bmoins nett?e?s?\b/],
    ],
    build: (c) => ({ kind: 'blur', sigma: scaled(2, c) }),
  },
  {
    id: 'sharpen',
    patterns: [
      [
        'en',
        /\b(?:less blur\w*|deblur\w*|unblur\w*|sharp\w*|crisp\w*|more details?|clearer|enhance (?:the )?details?|in focus|more defin\w*)\b/,
      ],
      [
        'de',
        /\b(?:weniger unscharf|scharf\w*|nachscharf\w*|mehr details?|detailreicher|klarer|praziser)\b/,
      ],
      [
        'fr',
        /\b(?:moins flou\w*|plus nett?e?s?|nettete|accentu\w*|affin\w*|plus precis\w*|plus de details?)\b/,
      ],
    ],
    build: (c) => ({ kind: 'sharpen', amount: scaled(0.6, c) }),
  },
  {
    id: 'blur',
    patterns: [
      ['en', /\b(?:blur\w*|soften|soft focus|defocus\w*|out of focus|unfocus\w*|bokeh|dreamy)\b/],
      ['de', /\b(?:unscharf\w*|weichzeichn\w*|verwisch\w*|verschwomm\w*|weicher)\b/],
      ['fr', /\b(?:flou\w*|adouci\w*)\b/],
    ],
    // Blurring only the background needs segmentation; blurring everything would be wrong.
    build: (c) => (BACKGROUND_WORD.test(c.clause) ? null : { kind: 'blur', sigma: scaled(3, c) }),
  },
  {
    id: 'brightness-',
    patterns: [
      [
        'en',
        /\b(?:less bright\w*|too bright|reduce (?:the )?brightness|lower (?:the )?exposure|underexpos\w*)\b/,
      ],
      ['de', /\b(?:weniger hell|zu hell|helligkeit (?:reduzier\w*|verringer\w*|senk\w*|runter))\b/],
      [
        'fr',
        /\b(?:moins lumineu\w*|trop clair\w*|trop lumineu\w*|(?:diminu|baiss)\w* (?:la )?luminosite)\b/,
      ],
    ],
    build: (c) => ({ kind: 'brightness', amount: -scaled(0.3, c) }),
  },
  {
    id: 'brightness+',
    patterns: [
      [
        'en',
        /\b(?:less dark\w*|too dark|bright\w*|lighter|lighten\w*|more light|illuminat\w*|increase (?:the )?exposure|overexpos\w*)\b/,
      ],
      [
        'de',
        /\b(?:weniger dunkel|zu dunkel|heller\w*|aufhell\w*|hell machen|mehr licht|helligkeit (?:erhoh\w*|anheb\w*|rauf|hoch))\b/,
      ],
      [
        'fr',
        /\b(?:trop sombre|plus (?:lumineu\w*|clair\w*)|eclairci\w*|eclaire\w*|illumin\w*|lumineu\w*|(?:augment|rehauss)\w* (?:la )?luminosite)\b/,
      ],
    ],
    build: (c) => ({ kind: 'brightness', amount: scaled(0.3, c) }),
  },
  {
    id: 'brightness-',
    patterns: [
      ['en', /\b(?:dark\w*|dimmer|dim|moodier)\b/],
      ['de', /\b(?:dunkler\w*|abdunkel\w*|verdunkel\w*|dunkel\w*)\b/],
      ['fr', /\b(?:plus (?:sombre|fonce\w*)|assombri\w*|sombre|fonce\w*)\b/],
    ],
    build: (c) => ({ kind: 'brightness', amount: -scaled(0.3, c) }),
  },
  {
    id: 'contrast-',
    patterns: [
      [
        'en',
        /\b(?:less contrast\w*|(?:lower|reduce|decrease) (?:the )?contrast|low contrast|flatter)\b/,
      ],
      [
        'de',
        /\b(?:weniger kontrast\w*|kontrast (?:verringer\w*|reduzier\w*|senk\w*)|kontrastarm\w*|flacher)\b/,
      ],
      [
        'fr',
        /\b(?:moins (?:de )?contraste\w*|contraste (?:plus )?(?:faible|doux)|(?:diminu|redui|baiss)\w* (?:le )?contraste)\b/,
      ],
    ],
    build: (c) => ({ kind: 'contrast', amount: -scaled(0.3, c) }),
  },
  {
    id: 'contrast+',
    patterns: [
      ['en', /\b(?:more contrast\w*|contrast\w*|punch\w*|more pop)\b/],
      ['de', /\b(?:kontrast\w*|knackig\w*)\b/],
      ['fr', /\b(?:plus (?:de )?contraste\w*|contraste\w*)\b/],
    ],
    build: (c) => ({ kind: 'contrast', amount: scaled(0.3, c) }),
  },
  {
    id: 'saturation-',
    patterns: [
      [
        'en',
        /\b(?:less saturat\w*|desaturat\w*|muted|mute the colou?rs?|washed out|less colou?r\w*|duller|subdued|tone down the colou?rs?)\b/,
      ],
      [
        'de',
        /\b(?:weniger sattigung|entsattig\w*|blasser\w*|gedampft\w*|weniger farb\w*|matte\w* farben)\b/,
      ],
      [
        'fr',
        /\b(?:moins sature\w*|desatur\w*|couleurs? (?:plus )?(?:ternes?|douces?|attenuees?)|attenu\w* les couleurs|moins colore\w*)\b/,
      ],
    ],
    build: (c) => ({ kind: 'saturation', amount: -scaled(0.35, c) }),
  },
  {
    id: 'saturation+',
    patterns: [
      [
        'en',
        /\b(?:more saturat\w*|saturat\w*|vivid\w*|vibran\w*|more colou?r\w*|colou?rful|richer colou?rs?|boost (?:the )?colou?rs?|popping colou?rs?|intense colou?rs?)\b/,
      ],
      [
        'de',
        /\b(?:kraftiger\w*( farben)?|satter\w*|sattigung|mehr farb\w*|farbiger|farbenfroh\w*|lebendiger\w*|leuchtend\w*|intensiver\w*)\b/,
      ],
      [
        'fr',
        /\b(?:plus sature\w*|satur\w*|couleurs? (?:plus )?(?:vives?|eclatantes?|intenses?)|plus colore\w*|plus vif|plus vive|eclatant\w*)\b/,
      ],
    ],
    build: (c) => ({ kind: 'saturation', amount: scaled(0.35, c) }),
  },
  {
    id: 'warmth-',
    patterns: [
      ['en', /\b(?:cooler|colder|cool (?:it )?down|cool\w* tones?|bluish|icy|more blue)\b/],
      ['de', /\b(?:kalter\w*|kuhler\w*|kalt\w*|kuhl\w*|blaulich\w*)\b/],
      ['fr', /\b(?:plus froid\w*|refroidi\w*|froid\w*|tons? froids?|bleute\w*)\b/],
    ],
    build: (c) => ({ kind: 'warmth', amount: -scaled(0.35, c) }),
  },
  {
    id: 'warmth+',
    patterns: [
      ['any', /\bwarm\w*/],
      ['en', /\b(?:more golden|cozier|cosier)\b/],
      ['fr', /\b(?:plus chaud\w*|rechauff\w*|chaud\w*|tons? chauds?)\b/],
    ],
    build: (c) => ({ kind: 'warmth', amount: scaled(0.35, c) }),
  },
];
