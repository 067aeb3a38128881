import { growRect, type Rect } from '../masks/rect.ts';
import type { TextPart } from '../masks/text.ts';

/** Lines nearer than this share of their height are filled together (a sign's lines). */
const GROUP_GAP = 0.6;

const intersects = (a: Rect, b: Rect) =>
  a.left < b.left + b.width &&
  b.left < a.left + a.width &&
  a.top < b.top + b.height &&
  b.top < a.top + a.height;

function union(a: Rect, b: Rect): Rect {
  const left = Math.min(a.left, b.left);
  const top = Math.min(a.top, b.top);
  return {
    left,
    top,
    width: Math.max(a.left + a.width, b.left + b.width) - left,
    height: Math.max(a.top + a.height, b.top + b.height) - top,
  };
}

/** Lines close to each other, gathered so one fill sees none of their letters as background. */
export function groupLines(parts: readonly TextPart[], width: number, height: number) {
  const groups: Array<{ parts: TextPart[]; reach: Rect }> = [];
  for (const part of parts) {
    let reach = growRect(part.area, Math.round(part.height * GROUP_GAP), width, height);
    let members = [part];
    for (let i = groups.length - 1; i >= 0; i--) {
      if (!intersects(groups[i]!.reach, reach)) continue;
      reach = union(reach, groups[i]!.reach);
      members = [...groups[i]!.parts, ...members];
      groups.splice(i, 1);
    }
    groups.push({ parts: members, reach });
  }
  return groups;
}
