import type { SearchResult } from '@image-lab/contract';

/** What a furniture search is about: the kind of piece, its colour and the room's style. */
export interface ProductQuery {
  /** Our shopping name of the piece: sofa, chair, bed, table, tv, plant, lamp, ... */
  furnitureType: string;
  /** Colour name (COLOUR_NAMES) and hex of the piece's dominant colour. */
  colour: string | null;
  colourHex: string | null;
  /** The design's style when the piece is in a variation, else null. */
  style: string | null;
  limit: number;
}

export interface ProductAnswer {
  results: SearchResult[];
  /** True for the sample catalogue that ships: the UI says the products are not real. */
  sampleData: boolean;
}

/** A source of products: the local catalogue file, or a hosted shopping search. */
export interface ProductSearch {
  readonly id: string;
  search(query: ProductQuery): Promise<ProductAnswer>;
}

/** The detector's COCO labels in the words shops use. */
const SHOPPING_NAMES: Record<string, string> = {
  couch: 'sofa',
  'dining table': 'table',
  'potted plant': 'plant',
};
export const shoppingName = (label: string) => SHOPPING_NAMES[label] ?? label;

/** The words of a text search for a piece ("beige scandinavian sofa"). */
export function queryText(query: ProductQuery): string {
  const type = query.furnitureType === 'plant' ? 'indoor plant in pot' : query.furnitureType;
  return [query.colour, query.style?.replace('-', ' '), type].filter(Boolean).join(' ');
}
