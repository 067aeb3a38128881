import type { ColourCast } from './image-stats.ts';
import type { PromptLanguage } from './prompt/text.ts';

export type ImageCategory = 'room' | 'car' | 'portrait' | 'cad' | 'landscape' | 'product';

export type Finding =
  | 'veryDark'
  | 'dark'
  | 'bright'
  | 'veryBright'
  | 'lowContrast'
  | 'highContrast'
  | 'muted'
  | 'vivid'
  | 'soft'
  | 'clipped';

interface AnalysisTexts {
  brightness: (level: string, percent: number) => string;
  /** Joins the measured qualities: "with a, b and c". */
  qualities: (parts: string[]) => string;
  colourNames: Record<string, string>;
  levels: Record<'veryDark' | 'dark' | 'balanced' | 'bright' | 'veryBright', string>;
  contrast: Record<'low' | 'moderate' | 'high', string>;
  saturation: Record<'grey' | 'muted' | 'natural' | 'vivid', string>;
  cast: Record<ColourCast, string>;
  focus: Record<'soft' | 'moderate' | 'crisp', string>;
  colours: (names: string[]) => string;
  clipped: (percent: number) => string;
  category: (category: ImageCategory) => string;
  /** Executable suggestions (the interpreter understands them). */
  suggestions: Record<Finding | 'warmer' | 'cooler' | 'creative', string>;
  categoryPrompts: Record<ImageCategory, string[]>;
}

const list = (names: string[], and: string) =>
  names.length <= 1 ? (names[0] ?? '') : `${names.slice(0, -1).join(', ')} ${and} ${names.at(-1)}`;

export const ANALYSIS_TEXTS: Record<PromptLanguage, AnalysisTexts> = {
  en: {
    brightness: (level, percent) => `The image is ${level} (mean brightness ${percent}%)`,
    qualities: (parts) => `with ${list(parts, 'and')}`,
    colourNames: {},
    levels: {
      veryDark: 'very dark',
      dark: 'slightly dark',
      balanced: 'well exposed',
      bright: 'bright',
      veryBright: 'very bright',
    },
    contrast: { low: 'low contrast', moderate: 'moderate contrast', high: 'high contrast' },
    saturation: {
      grey: 'almost no colour',
      muted: 'muted colours',
      natural: 'natural colours',
      vivid: 'very vivid colours',
    },
    cast: {
      warm: 'a warm colour cast',
      cool: 'a cool colour cast',
      green: 'a green tint',
      magenta: 'a magenta tint',
      neutral: 'a neutral colour balance',
    },
    focus: { soft: 'soft focus', moderate: 'moderately sharp detail', crisp: 'crisp detail' },
    colours: (names) => `Dominant colours: ${list(names, 'and')}.`,
    clipped: (percent) =>
      `${percent}% of the pixels are pure black or white, so some detail is lost.`,
    category: (category) =>
      ({
        room: 'It looks like an interior.',
        car: 'It looks like a car photo.',
        portrait: 'It looks like a portrait.',
        cad: 'It looks like a CAD drawing or line render.',
        landscape: 'It looks like an outdoor scene.',
        product: 'It looks like a product shot on a plain background.',
      })[category],
    suggestions: {
      veryDark: 'Make it much brighter',
      dark: 'Make it brighter',
      bright: 'A bit darker',
      veryBright: 'Make it darker',
      lowContrast: 'More contrast',
      highContrast: 'Less contrast',
      muted: 'More vivid colours',
      vivid: 'Less saturated',
      soft: 'Sharpen the details',
      clipped: 'Less contrast',
      warmer: 'Warmer',
      cooler: 'Cooler',
      creative: 'Cinematic look',
    },
    categoryPrompts: {
      room: ['Brighter and warmer', 'Crop to 16:9', 'Watercolor', 'Sketch'],
      car: ['White background', 'Sunset', 'Night scene', 'Cinematic'],
      portrait: [
        'A bit warmer and brighter',
        'Black and white with more contrast',
        'Add a vignette',
        'Oil painting',
      ],
      cad: ['Clay to render', 'More contrast', 'Sketch', 'Crop to 16:9'],
      landscape: ['More vivid colours', 'Sunset', 'Cinematic', 'Watercolor'],
      product: ['White background', 'Sharpen the details', 'More contrast', 'Pop Art'],
    },
  },
  de: {
    brightness: (level, percent) => `Das Bild ist ${level} (mittlere Helligkeit ${percent} %)`,
    qualities: (parts) => `mit ${list(parts, 'und')}`,
    colourNames: {
      'light blue': 'Hellblau',
      'navy blue': 'Marineblau',
      'dark green': 'Dunkelgrün',
      'light green': 'Hellgrün',
      'light grey': 'Hellgrau',
      'dark grey': 'Dunkelgrau',
      red: 'Rot',
      green: 'Grün',
      blue: 'Blau',
      white: 'Weiß',
      black: 'Schwarz',
      grey: 'Grau',
      yellow: 'Gelb',
      orange: 'Orange',
      pink: 'Rosa',
      purple: 'Violett',
      beige: 'Beige',
      brown: 'Braun',
      turquoise: 'Türkis',
      magenta: 'Magenta',
      gold: 'Gold',
    },
    levels: {
      veryDark: 'sehr dunkel',
      dark: 'etwas dunkel',
      balanced: 'gut belichtet',
      bright: 'hell',
      veryBright: 'sehr hell',
    },
    contrast: { low: 'geringem Kontrast', moderate: 'mittlerem Kontrast', high: 'hohem Kontrast' },
    saturation: {
      grey: 'kaum Farbe',
      muted: 'gedämpften Farben',
      natural: 'natürlichen Farben',
      vivid: 'sehr kräftigen Farben',
    },
    cast: {
      warm: 'einem warmen Farbstich',
      cool: 'einem kühlen Farbstich',
      green: 'einem Grünstich',
      magenta: 'einem Magentastich',
      neutral: 'neutraler Farbbalance',
    },
    focus: {
      soft: 'weicher Schärfe',
      moderate: 'mäßig scharfen Details',
      crisp: 'knackigen Details',
    },
    colours: (names) => `Vorherrschende Farben: ${list(names, 'und')}.`,
    clipped: (percent) =>
      `${percent} % der Pixel sind reines Schwarz oder Weiß, dort fehlen Details.`,
    category: (category) =>
      ({
        room: 'Es sieht nach einem Innenraum aus.',
        car: 'Es sieht nach einem Autofoto aus.',
        portrait: 'Es sieht nach einem Porträt aus.',
        cad: 'Es sieht nach einer CAD-Zeichnung oder einem Linien-Rendering aus.',
        landscape: 'Es sieht nach einer Außenaufnahme aus.',
        product: 'Es sieht nach einem Produktfoto vor schlichtem Hintergrund aus.',
      })[category],
    suggestions: {
      veryDark: 'Viel heller',
      dark: 'Mach es heller',
      bright: 'Etwas dunkler',
      veryBright: 'Dunkler',
      lowContrast: 'Mehr Kontrast',
      highContrast: 'Weniger Kontrast',
      muted: 'Kräftigere Farben',
      vivid: 'Weniger Sättigung',
      soft: 'Schärfer',
      clipped: 'Weniger Kontrast',
      warmer: 'Wärmer',
      cooler: 'Kälter',
      creative: 'Filmischer Look',
    },
    categoryPrompts: {
      room: ['Heller und wärmer', 'Zuschneiden auf 16:9', 'Aquarell', 'Skizze'],
      car: ['Weißer Hintergrund', 'Sonnenuntergang', 'Nachtszene', 'Filmischer Look'],
      portrait: [
        'Etwas wärmer und heller',
        'Schwarzweiß mit mehr Kontrast',
        'Vignette',
        'Ölgemälde',
      ],
      cad: ['Clay to Render', 'Mehr Kontrast', 'Skizze', 'Zuschneiden auf 16:9'],
      landscape: ['Kräftigere Farben', 'Sonnenuntergang', 'Filmischer Look', 'Aquarell'],
      product: ['Weißer Hintergrund', 'Schärfer', 'Mehr Kontrast', 'Pop Art'],
    },
  },
  fr: {
    brightness: (level, percent) => `L’image est ${level} (luminosité moyenne ${percent} %)`,
    qualities: (parts) => `avec ${list(parts, 'et')}`,
    colourNames: {
      'light blue': 'bleu clair',
      'navy blue': 'bleu marine',
      'dark green': 'vert foncé',
      'light green': 'vert clair',
      'light grey': 'gris clair',
      'dark grey': 'gris foncé',
      red: 'rouge',
      green: 'vert',
      blue: 'bleu',
      white: 'blanc',
      black: 'noir',
      grey: 'gris',
      yellow: 'jaune',
      orange: 'orange',
      pink: 'rose',
      purple: 'violet',
      beige: 'beige',
      brown: 'marron',
      turquoise: 'turquoise',
      magenta: 'magenta',
      gold: 'doré',
    },
    levels: {
      veryDark: 'très sombre',
      dark: 'un peu sombre',
      balanced: 'bien exposée',
      bright: 'claire',
      veryBright: 'très claire',
    },
    contrast: {
      low: 'un faible contraste',
      moderate: 'un contraste moyen',
      high: 'un fort contraste',
    },
    saturation: {
      grey: 'très peu de couleur',
      muted: 'des couleurs atténuées',
      natural: 'des couleurs naturelles',
      vivid: 'des couleurs très vives',
    },
    cast: {
      warm: 'une dominante chaude',
      cool: 'une dominante froide',
      green: 'une dominante verte',
      magenta: 'une dominante magenta',
      neutral: 'un équilibre des couleurs neutre',
    },
    focus: {
      soft: 'une netteté douce',
      moderate: 'des détails assez nets',
      crisp: 'des détails très nets',
    },
    colours: (names) => `Couleurs dominantes : ${list(names, 'et')}.`,
    clipped: (percent) => `${percent} % des pixels sont noir ou blanc pur : du détail y est perdu.`,
    category: (category) =>
      ({
        room: 'On dirait un intérieur.',
        car: 'On dirait une photo de voiture.',
        portrait: 'On dirait un portrait.',
        cad: 'On dirait un dessin CAO ou un rendu au trait.',
        landscape: 'On dirait une scène en extérieur.',
        product: 'On dirait une photo de produit sur fond uni.',
      })[category],
    suggestions: {
      veryDark: 'Beaucoup plus lumineux',
      dark: 'Plus lumineux',
      bright: 'Un peu plus sombre',
      veryBright: 'Plus sombre',
      lowContrast: 'Plus de contraste',
      highContrast: 'Moins de contraste',
      muted: 'Couleurs plus vives',
      vivid: 'Moins saturé',
      soft: 'Plus net',
      clipped: 'Moins de contraste',
      warmer: 'Plus chaud',
      cooler: 'Plus froid',
      creative: 'Style cinéma',
    },
    categoryPrompts: {
      room: ['Plus lumineux et plus chaud', 'Recadrer en 16:9', 'Aquarelle', 'Croquis'],
      car: ['Fond blanc', 'Coucher de soleil', 'Scène de nuit', 'Style cinéma'],
      portrait: [
        'Un peu plus chaud et plus lumineux',
        'Noir et blanc avec plus de contraste',
        'Vignette',
        'Peinture à l’huile',
      ],
      cad: ['Clay to render', 'Plus de contraste', 'Croquis', 'Recadrer en 16:9'],
      landscape: ['Couleurs plus vives', 'Coucher de soleil', 'Style cinéma', 'Aquarelle'],
      product: ['Fond blanc', 'Plus net', 'Plus de contraste', 'Pop Art'],
    },
  },
};
