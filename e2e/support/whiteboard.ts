import type { Page } from '@playwright/test';

export interface Placed {
  id: string;
  x: number;
  y: number;
  z: number;
}

/** The board's images back to front, from the list kept for screen readers beside the canvas. */
export const placed = (page: Page): Promise<Placed[]> =>
  page
    .getByTestId('board-items')
    .locator('li')
    .evaluateAll((items) =>
      items.map((li) => {
        const data = (li as HTMLElement).dataset;
        return { id: data.id!, x: Number(data.x), y: Number(data.y), z: Number(data.z) };
      }),
    );
