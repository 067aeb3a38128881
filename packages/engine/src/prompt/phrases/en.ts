import type { PhraseBook } from './types.ts';

export const EN: PhraseBook = {
  adjustments: {
    'brightness+':
      'lift the midtones and shadows while keeping the highlights from clipping; preserve natural skin tones and colour balance',
    'brightness-':
      'lower the exposure gently, keeping detail in the shadows and a clean, neutral black point',
    'contrast+':
      'deepen the shadows and brighten the highlights with a gentle S-curve, without crushing blacks or losing texture',
    'contrast-': 'open up the shadows and soften the highlights for a flatter, airy tonal range',
    'saturation+':
      'richer, more vibrant colours with natural skin tones and no neon oversaturation',
    'saturation-': 'quieter, muted colours with the hues still recognisable',
    'warmth+':
      'a warm golden colour temperature, like late-afternoon sunlight, whites staying clean',
    'warmth-': 'a cool, crisp daylight colour temperature with a subtle blue tint in the shadows',
    hue: 'shift every hue evenly around the colour wheel while keeping brightness and contrast',
    grayscale:
      'a rich monochrome conversion with deep blacks, clean whites and a full range of greys',
    sepia: 'warm brown monochrome toning like an antique silver print',
    blur: 'a smooth, even softness across the frame with no halos',
    sharpen:
      'crisper edges and fine texture with restrained sharpening, no halos and no amplified noise',
    rotate: 'rotate the whole frame without cropping anything away',
    flip: 'mirror the whole frame exactly, keeping every detail',
    vignette: 'a gradual darkening toward the corners that draws the eye to the centre',
    grain: 'fine, even film grain that adds texture without looking like digital noise',
    background:
      'an evenly lit, seamless backdrop with a soft, natural transition at the subject’s edges and realistic contact shadows',
    crop: 'keep the main subject centred and complete within the new frame',
  },
  looks: {
    anime:
      'clean cel shading with flat colour areas, crisp dark outlines, bright saturated palette and soft gradient skies',
    vintage:
      'faded 1970s print with lifted blacks, warm yellowed highlights, muted colours, soft vignette and fine grain',
    clay: 'a handmade clay model look: matte surfaces, soft diffuse light, warm neutral tones and rounded forms',
    cyberpunk:
      'neon-lit night mood with magenta and cyan light, deep blue shadows, high contrast and glowing highlights',
    sketch:
      'a graphite pencil drawing on textured paper with confident outlines and light hatching in the shadows',
    'pop-art':
      'bold posterised colour blocks in a limited, saturated palette, thick black outlines and Ben-Day halftone dots',
    watercolor:
      'soft transparent washes, pigment pooling at the edges, gentle colour bleeding and visible paper texture',
    'oil-paint':
      'visible brush strokes, rich saturated pigments, soft blended edges and a subtle canvas texture',
    cinematic:
      'a film-still grade with teal shadows, warm orange highlights, gentle contrast and widescreen letterbox framing',
    'clay-to-render':
      'turn the clay model into a photorealistic render with glossy paint, realistic reflections and studio lighting',
    'car-sketch':
      'a car designer’s marker sketch with confident ink outlines, blue construction lines and light grey shading',
    'white-bg':
      'the subject on a pure, evenly lit white studio background with a soft ground shadow',
    beach: 'bright coastal daylight, warm sand tones and turquoise sea colours',
    'car-cyberpunk':
      'a neon-lit night street with pink and cyan reflections on the bodywork and a wet-asphalt glow',
    sunset: 'low golden sunset light with a warm orange and pink sky and long soft shadows',
    fog: 'soft atmospheric fog that fades the background, with muted colours and diffuse light',
    forest: 'deep green woodland light, dappled and moody, with rich foliage tones',
    desert: 'hot, bright desert light with warm sand and ochre tones and a hazy horizon',
    'ca-highway':
      'sunny California coastal-highway light: clear blue sky, golden highlights and saturated colour',
    'beach-lot':
      'crisp midday light at a seaside car park, cool and bright with a hazy sea horizon',
    'night-scene':
      'a night scene with deep blue ambient light, glowing warm light sources and dark, moody corners',
    brighten: 'lift the overall exposure evenly while keeping highlight detail',
    sharpen: 'crisper edges and fine texture without halos',
    'cad-to-render':
      'a presentation render of the CAD model with soft studio light, contact shadows and rich, realistic materials',
    'two-step-sketch':
      'a clean line drawing of every contour on white paper, ready to be rendered photorealistically',
  },
  intents: {
    add: 'photorealistic, at a believable scale, matching the scene’s light direction, colour temperature, perspective and cast shadows',
    remove:
      'fill the freed area seamlessly with the surrounding texture, pattern and lighting so that no trace remains',
    replace:
      'keep everything else unchanged and match the materials, lighting and perspective of the original',
  },
  describe: {
    room: 'bright interior photograph, soft natural window light, wide-angle view at eye level, straight verticals, realistic materials and textures, high detail',
    car: 'three-quarter front view, glossy paint with clean reflections, soft studio or golden-hour lighting, sharp focus, high detail',
    portrait:
      'soft key light from one side, gentle fill, shallow depth of field, natural skin texture, eyes in sharp focus',
    landscape:
      'golden-hour light, layered depth from foreground to horizon, balanced composition following the rule of thirds, rich detail',
    product:
      'clean studio lighting with soft reflections, neutral seamless background, centred composition, crisp detail',
    animal:
      'natural light, eye-level perspective, sharp focus on the eyes, detailed fur or feathers, softly blurred background',
    food: 'soft directional daylight, appetising colours, shallow depth of field, styled table setting, crisp texture',
    generic:
      'balanced composition, natural soft lighting, harmonious colour palette, sharp focus and high detail',
  },
  preserve: {
    room: 'keep the room’s layout, perspective and straight lines unchanged',
    car: 'keep the car’s shape, proportions and reflections intact',
    portrait: 'keep the person’s identity, expression and natural skin texture',
    landscape: 'keep the horizon level and the scene’s natural depth',
    product: 'keep the product’s shape, label and colours accurate',
    animal: 'keep the animal’s features and fur texture natural',
    food: 'keep the food looking fresh and appetising',
    generic: 'keep the composition and framing of the original image',
  },
};
