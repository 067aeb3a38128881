import type { Caption } from '../test/captions.ts';

/**
 * The evaluation set: photo × prompt, what should happen, and the hand-traced region that
 * should change (masks/*.svg, polygons drawn by looking at each photo at full size; never
 * produced by the engine). `invert` measures "everything but" the traced region (background).
 * A case with a `caption` sets those words on the text-free photo first: its region is then
 * the letters themselves (the caption's rendered alpha), compared with the engine's letters,
 * and the fill is scored against the photo as it was (PSNR in the letters).
 */
export type RegionKind =
  'object' | 'person' | 'face' | 'skin' | 'sky' | 'background' | 'surface' | 'text';

export interface EvalCase {
  id: string;
  photo: string;
  prompt: string;
  expect: 'done' | 'not_done';
  region?: { mask: string; kind: RegionKind; invert?: boolean };
  caption?: Caption;
}

const sofa = { mask: 'living-room-sofa', kind: 'object' } as const;
const walls = { mask: 'living-room-walls', kind: 'surface' } as const;
const floor = { mask: 'living-room-floor', kind: 'surface' } as const;
const rocketSky = { mask: 'rocket-sky', kind: 'sky' } as const;
const homeSky = { mask: 'home-sky', kind: 'sky' } as const;
const leuvenSky = { mask: 'leuven-sky', kind: 'sky' } as const;
const streetText = { mask: 'scenetext01-text', kind: 'text' } as const;
const shopText = { mask: 'scenetext06-text', kind: 'text' } as const;
/** The region of a caption case is its letters; the mask name is unused. */
const caption = { mask: '', kind: 'text' } as const;
const onSky: Caption = { text: 'SALE 50% OFF', x: 20, y: 60, size: 34, colour: '#ffffff' };
const onWall: Caption = { text: 'SALE 50% OFF', x: 300, y: 140, size: 60, colour: '#222222' };
const onCobbles: Caption = { text: 'SALE 50% OFF', x: 120, y: 470, size: 44, colour: '#ffffff' };

const done = (id: string, photo: string, prompt: string, region: EvalCase['region']): EvalCase => ({
  id,
  photo,
  prompt,
  expect: 'done',
  region,
});
const notDone = (id: string, photo: string, prompt: string): EvalCase => ({
  id,
  photo,
  prompt,
  expect: 'not_done',
});

export const CASES: readonly EvalCase[] = [
  done('sofa-blue', 'living-room.jpg', 'make the sofa blue', sofa),
  done('sofa-blue-de', 'living-room.jpg', 'mach das Sofa blau', sofa),
  done('sofa-blue-fr', 'living-room.jpg', 'rends le canapé bleu', sofa),
  done('sofa-darker', 'living-room.jpg', 'make the sofa darker', sofa),
  done('couch-green', 'living-room.jpg', 'make the couch green', sofa),
  // A sofa's worth of wall and floor made up locally reads as a slab: the gate keeps the sofa.
  notDone('sofa-remove', 'living-room.jpg', 'remove the sofa'),
  done('vase-remove', 'living-room.jpg', 'remove the vase', {
    mask: 'living-room-vase',
    kind: 'object',
  }),
  notDone('room-sunset-sky', 'living-room.jpg', 'replace the sky with a sunset'),
  done('room-walls', 'living-room.jpg', 'paint the walls green', walls),
  done('room-walls-de', 'living-room.jpg', 'streiche die Wände grün', walls),
  done('room-floor-darker', 'living-room.jpg', 'make the floor darker', floor),
  done('room-floor-darker-fr', 'living-room.jpg', 'rends le sol plus sombre', floor),
  // No furniture in view: a facade or a road is no wall or floor to be sure of.
  notDone('rocket-walls', 'rocket.jpg', 'paint the walls green'),
  notDone('street-floor', 'scenetext01.jpg', 'make the floor darker'),
  // The egg chair is found on the photo's lower-left quarter (a "chair" at 0.30).
  done('armchair-left', 'living-room.jpg', 'make the armchair on the left blue', {
    mask: 'living-room-egg-chair',
    kind: 'object',
  }),
  done('coffee-cup-red', 'coffee.png', 'make the cup red', { mask: 'coffee-cup', kind: 'object' }),
  // Two chairs stand right of the middle: "on the left" is the nearer, left one.
  done('kitchen-chair-left', 'kitchen-dining.jpg', 'make the chair on the left red', {
    mask: 'kitchen-chair-left',
    kind: 'object',
  }),
  done('basket-plant-purple', 'scenetext03.jpg', 'make the plant purple', {
    mask: 'scenetext03-plant',
    kind: 'object',
  }),
  done('rocket-sky-orange', 'rocket.jpg', 'make the sky orange', rocketSky),
  done('rocket-sunset', 'rocket.jpg', 'replace the sky with a sunset', rocketSky),
  done('rocket-dramatic', 'rocket.jpg', 'make the sky dramatic', rocketSky),
  done('rocket-sky-orange-de', 'rocket.jpg', 'mach den Himmel orange', rocketSky),
  done('rocket-sunset-fr', 'rocket.jpg', 'remplace le ciel par un coucher de soleil', rocketSky),
  notDone('rocket-red', 'rocket.jpg', 'make the rocket red'),
  done('home-sunset', 'home.jpg', 'replace the sky with a sunset', homeSky),
  done('home-dramatic', 'home.jpg', 'make the sky dramatic', homeSky),
  done('home-sky-darker', 'home.jpg', 'make the sky a bit darker', homeSky),
  done('leuven-sky-blue', 'leuvenA.jpg', 'make the sky blue', leuvenSky),
  done('leuven-clear-sky', 'leuvenA.jpg', 'replace the sky with a clear blue sky', leuvenSky),
  done('messi-brighter', 'messi5.jpg', 'make the man brighter', {
    mask: 'messi-person',
    kind: 'person',
  }),
  done('messi-background-blur', 'messi5.jpg', 'blur the background', {
    mask: 'messi-person',
    kind: 'background',
    invert: true,
  }),
  done('messi-pixelate-faces', 'messi5.jpg', 'pixelate the faces', {
    mask: 'messi-face',
    kind: 'face',
  }),
  done('astronaut-background-blur', 'astronaut.png', 'blur the background', {
    mask: 'astronaut-person',
    kind: 'background',
    invert: true,
  }),
  done('astronaut-face-blur', 'astronaut.png', 'blur the face', {
    mask: 'astronaut-face',
    kind: 'face',
  }),
  done('messi-skin-warmer', 'messi5.jpg', 'make the skin warmer', {
    mask: 'messi-skin',
    kind: 'skin',
  }),
  notDone('astronaut-sky', 'astronaut.png', 'make the sky blue'),
  done('street-car-red', 'scenetext01.jpg', 'make the car red', {
    mask: 'scenetext01-car',
    kind: 'object',
  }),
  done('street-person-right', 'scenetext01.jpg', 'make the person on the right blue', {
    mask: 'scenetext01-person-right',
    kind: 'person',
  }),
  done('street-remove-text', 'scenetext01.jpg', 'remove the text', streetText),
  done('street-remove-text-de', 'scenetext01.jpg', 'entferne den Text', streetText),
  done('street-remove-text-fr', 'scenetext01.jpg', 'supprime le texte', streetText),
  done('street-blur-text', 'scenetext01.jpg', 'blur the text', streetText),
  done('shop-remove-caption', 'scenetext06.jpg', 'remove the caption', shopText),
  done('shop-pixelate-text', 'scenetext06.jpg', 'pixelate the text', shopText),
  // A clean plate: a caption set on the sky, removed, scored against the sky as it was.
  { ...done('home-caption-remove', 'home.jpg', 'remove the caption', caption), caption: onSky },
  {
    ...done('wall-caption-remove', 'living-room.jpg', 'remove the text', caption),
    caption: onWall,
  },
  // Cobbles: the membrane would smear their grain; the caption stays.
  { ...notDone('cobbles-caption-remove', 'leuvenA.jpg', 'remove the caption'), caption: onCobbles },
  // The detector outlines the cat's eyes as lines; the recogniser reads no text there.
  notDone('cat-remove-text', 'cat.png', 'remove the text'),
  notDone('room-remove-text', 'living-room.jpg', 'entferne den Text'),
  done('basketball-left-brighter', 'basketball1.png', 'make the man on the left brighter', {
    mask: 'basketball1-man-left',
    kind: 'person',
  }),
  done('basketball-right-darker', 'basketball1.png', 'make the man on the right darker', {
    mask: 'basketball1-man-right',
    kind: 'person',
  }),
  done('basketball-background-darker', 'basketball1.png', 'make the background darker', {
    mask: 'basketball1-people',
    kind: 'background',
    invert: true,
  }),
  done('basketball-face-blur', 'basketball1.png', 'blur the face', {
    mask: 'basketball1-faces',
    kind: 'face',
  }),
  done('basketball-faces-pixelate-de', 'basketball2.png', 'verpixel die Gesichter', {
    mask: 'basketball2-faces',
    kind: 'face',
  }),
  // A black-and-white photo: skin cannot be told from anything else by its colour.
  notDone('basketball-skin-warmer', 'basketball1.png', 'make the skin warmer'),
  done('shop-car-blue', 'scenetext06.jpg', 'make the car blue', {
    mask: 'scenetext06-car',
    kind: 'object',
  }),
  notDone('kitchen-sunset', 'kitchen-dining.jpg', 'replace the sky with a sunset'),
  notDone('cat-orange', 'cat.png', 'make the cat orange'),
  // The bedroom's dark panelling is not found as wall: a blue in blocks would be a guess.
  notDone('bedroom-walls', 'bedroom.jpg', 'make the walls blue'),
  notDone('kitchen-walls', 'kitchen-dining.jpg', 'paint the walls green'),
];

/** IoU the mask must reach, per kind of region (issue 16). */
export const IOU_GOAL: Record<RegionKind, number> = {
  object: 0.8,
  person: 0.9,
  // The issue sets none for faces; a face is an object.
  face: 0.8,
  // Nor for skin; it is held to the objects' goal.
  skin: 0.8,
  sky: 0.9,
  background: 0.9,
  // The issue sets none for walls and floors; they are held to the objects' goal.
  surface: 0.8,
  // None set either: text lines (traced as the boxes around their letters) or a caption's
  // letters are held to the objects' goal.
  text: 0.8,
};
/** Mean ΔE (CIE76) outside the intended region must stay below this. */
export const OUTSIDE_GOAL = 1.5;
