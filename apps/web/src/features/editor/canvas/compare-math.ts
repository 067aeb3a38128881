/** Where the pointer is across the image, 0-100. */
export function sliderPosition(clientX: number, rect: { left: number; width: number }): number {
  if (rect.width <= 0) return 50;
  return Math.max(0, Math.min(100, ((clientX - rect.left) / rect.width) * 100));
}

/** The slider clicks when it has moved more than 5 % since its last click (working areas §9). */
export const CLICK_EVERY_PERCENT = 5;

export const shouldClick = (lastClickAt: number, position: number) =>
  Math.abs(position - lastClickAt) > CLICK_EVERY_PERCENT;

/** Arrow keys move 1 %, with Shift 10 %; Home and End go to the ends. */
export function keyboardPosition(current: number, key: string, shift: boolean): number | null {
  const stepSize = shift ? 10 : 1;
  const moves: Record<string, number> = {
    ArrowLeft: current - stepSize,
    ArrowDown: current - stepSize,
    ArrowRight: current + stepSize,
    ArrowUp: current + stepSize,
    PageDown: current - 10,
    PageUp: current + 10,
    Home: 0,
    End: 100,
  };
  const next = moves[key];
  return next === undefined ? null : Math.max(0, Math.min(100, next));
}
