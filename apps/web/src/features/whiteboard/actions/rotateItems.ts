import { normalizeRotation, round2 } from '../geometry';
import { register, unchanged, updateItems, withItems } from './types';

/** With snapping on, rotation lands on multiples of this many degrees. */
export const ROTATION_SNAP = 15;

/**
 * Sets items' rotation (and the corner it turns about, which moves when the Transformer rotates
 * about the centre). Angles are kept within (-180, 180].
 */
export const actionRotateItems = register<{
  turns: readonly { id: string; rotation: number; x?: number; y?: number }[];
  snapAngle?: boolean;
}>({
  name: 'rotateItems',
  perform: (state, { turns, snapAngle }) => {
    if (turns.length === 0) return unchanged(state);
    const byId = new Map(turns.map((turn) => [turn.id, turn]));
    const angle = (deg: number) =>
      round2(normalizeRotation(snapAngle ? Math.round(deg / ROTATION_SNAP) * ROTATION_SNAP : deg));
    return withItems(
      state,
      updateItems(state.items, byId.keys(), (item) => {
        const turn = byId.get(item.id)!;
        return {
          ...item,
          rotation: angle(turn.rotation),
          x: turn.x === undefined ? item.x : round2(turn.x),
          y: turn.y === undefined ? item.y : round2(turn.y),
        };
      }),
    );
  },
});
