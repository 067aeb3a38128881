import fs from 'node:fs/promises';
import type { SearchResult } from '@image-lab/contract';
import { colourDistance } from '@image-lab/engine';
import { z } from 'zod';
import type { ProductAnswer, ProductQuery, ProductSearch } from './product-search.ts';

const Hex = z.string().regex(/^#[0-9a-f]{6}$/i);

/** The catalogue file an operator can replace (see docs/decisions/019-room-design.md). */
export const CatalogueFile = z.object({
  /** True for the sample that ships; the UI then labels the results as sample data. */
  sampleData: z.boolean().default(false),
  notice: z.string().optional(),
  currency: z.string().default('USD'),
  products: z
    .array(
      z.object({
        id: z.string().regex(/^[a-z0-9-]{1,80}$/),
        name: z.string().min(1).max(200),
        type: z.string().min(1).max(40),
        styles: z.array(z.string()).default([]),
        colour: z.string(),
        colourHex: Hex,
        price: z.number().nonnegative(),
        rating: z.number().min(0).max(5).nullable().default(null),
        store: z.string().min(1).max(100),
        /** An absolute https address, or a file name under the catalogue's images folder. */
        image: z.string().min(1),
        /** An absolute https address; empty for the sample's own product page. */
        url: z.string().default(''),
      }),
    )
    .min(1),
});
export type CatalogueFile = z.infer<typeof CatalogueFile>;
export type CatalogueProduct = CatalogueFile['products'][number];

/** Pieces of a related kind count when the exact kind is missing from the catalogue. */
const RELATED: Record<string, string[]> = {
  bench: ['chair', 'sofa'],
  sofa: ['chair'],
  chair: ['sofa'],
  vase: ['plant'],
  clock: ['lamp'],
};

const money = (value: number, currency: string) =>
  new Intl.NumberFormat('en-US', { style: 'currency', currency }).format(value);

const hexToRgb = (hex: string) =>
  [1, 3, 5].map((i) => parseInt(hex.slice(i, i + 2), 16)) as [number, number, number];

/**
 * Scores a product for a query: the kind first (exact 100, related 40), then how close its
 * colour is to the piece's (up to 40), the room's style (25), and its rating (up to 5).
 */
export function scoreProduct(product: CatalogueProduct, query: ProductQuery): number {
  const kind =
    product.type === query.furnitureType
      ? 100
      : (RELATED[query.furnitureType] ?? []).includes(product.type)
        ? 40
        : 0;
  if (kind === 0) return 0;
  const colour = query.colourHex
    ? Math.max(0, 40 - colourDistance(hexToRgb(query.colourHex), hexToRgb(product.colourHex)) / 2)
    : 0;
  const style = query.style && product.styles.includes(query.style) ? 25 : 0;
  return kind + colour + style + (product.rating ?? 0);
}

/** Product search over a local catalogue file (JSON), read once and cached. */
export function createCatalogueSearch(
  file: string,
  addresses: { image: (name: string) => string; page: (id: string) => string },
): ProductSearch & { catalogue(): Promise<CatalogueFile> } {
  let loaded: Promise<CatalogueFile> | undefined;
  const catalogue = () => {
    loaded ??= fs.readFile(file, 'utf8').then((text) => CatalogueFile.parse(JSON.parse(text)));
    loaded.catch(() => (loaded = undefined));
    return loaded;
  };
  return {
    id: 'catalogue',
    catalogue,
    async search(query: ProductQuery): Promise<ProductAnswer> {
      const data = await catalogue();
      const results: SearchResult[] = data.products
        .map((product) => ({ product, score: scoreProduct(product, query) }))
        .filter((p) => p.score > 0)
        .sort((a, b) => b.score - a.score || a.product.price - b.product.price)
        .slice(0, query.limit)
        .map(({ product }) => ({
          id: product.id,
          productName: product.name,
          store: product.store,
          price: money(product.price, data.currency),
          rating: product.rating,
          imageUrl: /^https?:\/\//.test(product.image)
            ? product.image
            : addresses.image(product.image),
          productUrl: product.url || addresses.page(product.id),
        }));
      return { results, sampleData: data.sampleData };
    },
  };
}
