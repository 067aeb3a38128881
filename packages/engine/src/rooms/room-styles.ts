import { parseHex, type Rgb } from '../colour.ts';

/** The four styles of the room flow (working areas §2), then the ones 'More styles' adds. */
export const ROOM_STYLES = ['modern', 'scandinavian', 'industrial', 'bohemian'] as const;
export const MORE_ROOM_STYLES = ['minimalist', 'mid-century', 'coastal', 'japandi'] as const;
export type RoomStyle = (typeof ROOM_STYLES)[number] | (typeof MORE_ROOM_STYLES)[number];

export const isRoomStyle = (value: string): value is RoomStyle =>
  (ROOM_STYLES as readonly string[]).includes(value) ||
  (MORE_ROOM_STYLES as readonly string[]).includes(value);

/**
 * A style as a look: colours for the walls, the floor and the furnishings, how strongly each
 * is taken on (shading and texture stay the photo's own), and the light of the room.
 */
export interface RoomLook {
  title: string;
  /** What a generative model is asked for when one is configured. */
  prompt: string;
  wall: Rgb;
  floor: Rgb;
  furniture: Rgb;
  wallStrength: number;
  floorStrength: number;
  furnitureStrength: number;
  /** Furniture luminance as a + b·L: light woods and linen lift it, leather and steel darken. */
  furnitureLift: [number, number];
  /** Per-channel gain of the light: warm or cool white balance. */
  light: Rgb;
  exposure: number;
  /** 1 keeps contrast; above adds punch around mid-grey. */
  contrast: number;
  saturation: number;
  /** Darkening towards the corners, 0..1. */
  vignette: number;
  /** Daylight falling from a window on the left (0..1 brightening of the left side). */
  daylight: number;
}

const look = (
  title: string,
  prompt: string,
  colours: { wall: string; floor: string; furniture: string },
  rest: Omit<RoomLook, 'title' | 'prompt' | 'wall' | 'floor' | 'furniture'>,
): RoomLook => ({
  title,
  prompt,
  wall: parseHex(colours.wall),
  floor: parseHex(colours.floor),
  furniture: parseHex(colours.furniture),
  ...rest,
});

export const ROOM_LOOKS: Record<RoomStyle, RoomLook> = {
  modern: look(
    'Modern',
    'clean lines, neutral greys and white, matte black accents, polished concrete or pale stone floor, soft even light',
    { wall: '#e6e6e3', floor: '#8d8c89', furniture: '#4a4d52' },
    {
      wallStrength: 0.55,
      floorStrength: 0.5,
      furnitureStrength: 0.7,
      furnitureLift: [0.05, 0.85],
      light: [1.0, 1.0, 1.03],
      exposure: 1.04,
      contrast: 1.12,
      saturation: 0.8,
      vignette: 0.08,
      daylight: 0,
    },
  ),
  scandinavian: look(
    'Scandinavian',
    'white walls, light oak floor, pale linen and wool textiles, light wood furniture, bright airy daylight',
    { wall: '#f4f1ea', floor: '#d2b48c', furniture: '#e3d9c6' },
    {
      wallStrength: 0.6,
      floorStrength: 0.55,
      furnitureStrength: 0.6,
      furnitureLift: [0.3, 0.75],
      light: [1.02, 1.01, 0.99],
      exposure: 1.12,
      contrast: 0.94,
      saturation: 0.85,
      vignette: 0,
      daylight: 0.18,
    },
  ),
  industrial: look(
    'Industrial',
    'exposed brick and dark grey walls, raw concrete floor, cognac leather and black steel, moody warm light',
    { wall: '#6e5245', floor: '#6b6a66', furniture: '#7a4a2a' },
    {
      wallStrength: 0.5,
      floorStrength: 0.55,
      furnitureStrength: 0.65,
      furnitureLift: [0, 0.8],
      light: [1.06, 0.98, 0.88],
      exposure: 0.88,
      contrast: 1.2,
      saturation: 0.9,
      vignette: 0.35,
      daylight: 0,
    },
  ),
  bohemian: look(
    'Bohemian',
    'warm terracotta and ochre walls, patterned rugs, rattan and jewel-toned textiles, plants, golden light',
    { wall: '#d9a37a', floor: '#9a6a45', furniture: '#a8452f' },
    {
      wallStrength: 0.5,
      floorStrength: 0.45,
      furnitureStrength: 0.55,
      furnitureLift: [0.08, 0.85],
      light: [1.07, 1.0, 0.88],
      exposure: 1.02,
      contrast: 1.05,
      saturation: 1.12,
      vignette: 0.18,
      daylight: 0.08,
    },
  ),
  minimalist: look(
    'Minimalist',
    'bare white walls, pale grey floor, a few low white and grey pieces, cool soft light',
    { wall: '#f7f7f5', floor: '#c9c8c4', furniture: '#d8d8d6' },
    {
      wallStrength: 0.7,
      floorStrength: 0.6,
      furnitureStrength: 0.65,
      furnitureLift: [0.3, 0.7],
      light: [0.98, 1.0, 1.04],
      exposure: 1.1,
      contrast: 0.9,
      saturation: 0.6,
      vignette: 0,
      daylight: 0.1,
    },
  ),
  'mid-century': look(
    'Mid-Century',
    'walnut wood, mustard and teal upholstery, warm cream walls, tapered legs, warm afternoon light',
    { wall: '#eadfc8', floor: '#7b5134', furniture: '#c8962e' },
    {
      wallStrength: 0.5,
      floorStrength: 0.55,
      furnitureStrength: 0.7,
      furnitureLift: [0.05, 0.9],
      light: [1.05, 1.0, 0.9],
      exposure: 1.0,
      contrast: 1.08,
      saturation: 1.1,
      vignette: 0.12,
      daylight: 0.06,
    },
  ),
  coastal: look(
    'Coastal',
    'sea-salt white and soft blue walls, whitewashed wood floor, sand and navy textiles, breezy daylight',
    { wall: '#dfe9ee', floor: '#cdbfa8', furniture: '#5b7fa3' },
    {
      wallStrength: 0.55,
      floorStrength: 0.5,
      furnitureStrength: 0.6,
      furnitureLift: [0.15, 0.85],
      light: [0.97, 1.0, 1.05],
      exposure: 1.1,
      contrast: 0.95,
      saturation: 0.95,
      vignette: 0,
      daylight: 0.15,
    },
  ),
  japandi: look(
    'Japandi',
    'warm greige walls, light ash floor, low oak furniture, charcoal and clay accents, calm diffuse light',
    { wall: '#d8cfc2', floor: '#b59d7e', furniture: '#5e5750' },
    {
      wallStrength: 0.55,
      floorStrength: 0.5,
      furnitureStrength: 0.65,
      furnitureLift: [0.1, 0.8],
      light: [1.02, 1.0, 0.96],
      exposure: 1.03,
      contrast: 0.98,
      saturation: 0.75,
      vignette: 0.06,
      daylight: 0.08,
    },
  ),
};

/** The prompt a hosted image model gets for a style: keep the room, change its design. */
export function restylePrompt(style: RoomStyle): string {
  const { title, prompt } = ROOM_LOOKS[style];
  return (
    `Redesign this room in a ${title.toLowerCase()} interior style: ${prompt}. ` +
    'Keep the room itself (walls, windows, doors, floor plan and camera angle) exactly as it is; ' +
    'furnish and decorate it in the style. Photorealistic.'
  );
}
