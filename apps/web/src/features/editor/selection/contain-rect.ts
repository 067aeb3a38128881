/** Where an image drawn with `object-fit: contain` sits inside its box, in the box's pixels. */
export function containRect(boxWidth: number, boxHeight: number, width: number, height: number) {
  if (boxWidth <= 0 || boxHeight <= 0 || width <= 0 || height <= 0) {
    return { left: 0, top: 0, width: 0, height: 0 };
  }
  const scale = Math.min(boxWidth / width, boxHeight / height);
  const shownWidth = width * scale;
  const shownHeight = height * scale;
  return {
    left: (boxWidth - shownWidth) / 2,
    top: (boxHeight - shownHeight) / 2,
    width: shownWidth,
    height: shownHeight,
  };
}

/** A pointer position as percentages of the shown image, kept inside it. */
export function toPercent(
  clientX: number,
  clientY: number,
  rect: { left: number; top: number; width: number; height: number },
) {
  const clamp = (v: number) => Math.min(100, Math.max(0, v));
  return {
    x: clamp(((clientX - rect.left) / Math.max(1, rect.width)) * 100),
    y: clamp(((clientY - rect.top) / Math.max(1, rect.height)) * 100),
  };
}
