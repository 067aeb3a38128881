import { maskToRgba, type PaintMask } from './paint-mask';

/**
 * The mask as the PNG the server wants: exactly the picture's size, white selected, black not,
 * the grid scaled up with smoothing so the edge is soft rather than stepped.
 */
export async function encodeMaskPng(mask: PaintMask, width: number, height: number): Promise<Blob> {
  const grid = document.createElement('canvas');
  grid.width = mask.width;
  grid.height = mask.height;
  grid
    .getContext('2d')!
    .putImageData(new ImageData(maskToRgba(mask), mask.width, mask.height), 0, 0);
  const full = document.createElement('canvas');
  full.width = width;
  full.height = height;
  const context = full.getContext('2d')!;
  context.imageSmoothingEnabled = true;
  context.imageSmoothingQuality = 'high';
  context.drawImage(grid, 0, 0, width, height);
  return new Promise((resolve, reject) =>
    full.toBlob((blob) => (blob ? resolve(blob) : reject(new Error('mask'))), 'image/png'),
  );
}
