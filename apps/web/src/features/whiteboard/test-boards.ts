import type { WhiteboardBoard, WhiteboardItem } from '@image-lab/contract';

/** Test data for the board's sync tests: an image at x, and a stored board. */
export const item = (id: string, x = 0): WhiteboardItem => ({
  id,
  imageUrl: `/uploads/${id}.jpg`,
  x,
  y: 0,
  width: 200,
  height: 150,
  rotation: 0,
  zIndex: 1,
});

export const boardOf = (version: number, items: WhiteboardItem[]): WhiteboardBoard => ({
  projectId: null,
  version,
  document: { schemaVersion: 2, items },
  updatedAt: null,
});
