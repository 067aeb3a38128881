import type { Context } from 'konva/lib/Context';
import type { Shape as ShapeNode } from 'konva/lib/Shape';
import { Layer, Shape } from 'react-konva';
import { GRID_SIZE } from '../geometry';

/** Grid lines closer than this on screen are skipped for the next coarser grid. */
const MIN_GAP_PX = 8;

/**
 * The infinite grid: drawn for the visible part only, from the stage's transform at draw time,
 * so it follows panning and zooming without React re-rendering anything.
 */
export function GridLayer({ color, strong }: { color: string; strong: string }) {
  const draw = (context: Context, shape: ShapeNode) => {
    const stage = shape.getStage();
    if (!stage) return;
    const scale = stage.scaleX();
    const left = -stage.x() / scale;
    const top = -stage.y() / scale;
    const right = left + stage.width() / scale;
    const bottom = top + stage.height() / scale;
    let step = GRID_SIZE;
    while (step * scale < MIN_GAP_PX) step *= 5;
    const major = step * 5;
    const ctx = context._context;
    ctx.lineWidth = 1 / scale;
    for (const [gap, stroke] of [
      [step, color],
      [major, strong],
    ] as const) {
      ctx.beginPath();
      for (let x = Math.floor(left / gap) * gap; x <= right; x += gap) {
        ctx.moveTo(x, top);
        ctx.lineTo(x, bottom);
      }
      for (let y = Math.floor(top / gap) * gap; y <= bottom; y += gap) {
        ctx.moveTo(left, y);
        ctx.lineTo(right, y);
      }
      ctx.strokeStyle = stroke;
      ctx.stroke();
    }
  };
  return (
    <Layer listening={false}>
      <Shape sceneFunc={draw} perfectDrawEnabled={false} />
    </Layer>
  );
}
