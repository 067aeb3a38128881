import type { SearchResult } from '@image-lab/contract';
import { z } from 'zod';
import {
  queryText,
  type ProductAnswer,
  type ProductQuery,
  type ProductSearch,
} from './product-search.ts';

/** The fields we read of SerpApi's Google Shopping answer (engine=google_shopping). */
const ShoppingAnswer = z.object({
  search_metadata: z.object({ status: z.string().optional() }).optional(),
  error: z.string().optional(),
  shopping_results: z
    .array(
      z.object({
        position: z.number().optional(),
        title: z.string(),
        product_id: z.string().optional(),
        product_link: z.string().optional(),
        link: z.string().optional(),
        source: z.string().optional(),
        price: z.string().optional(),
        extracted_price: z.number().optional(),
        rating: z.number().optional(),
        thumbnail: z.string().optional(),
      }),
    )
    .default([]),
});

export class ShoppingSearchError extends Error {
  override readonly name = 'ShoppingSearchError';
}

export interface SerpApiSettings {
  apiKey: string;
  /** https://serpapi.com, or a stand-in in tests. */
  baseUrl: string;
  timeoutMs?: number;
}

/** Hosted shopping search through SerpApi's Google Shopping engine. */
export function createSerpApiSearch(settings: SerpApiSettings): ProductSearch {
  return {
    id: 'serpapi',
    async search(query: ProductQuery): Promise<ProductAnswer> {
      const url = new URL('/search.json', settings.baseUrl);
      url.searchParams.set('engine', 'google_shopping');
      url.searchParams.set('q', queryText(query));
      url.searchParams.set('num', String(Math.min(40, Math.max(query.limit, 10))));
      url.searchParams.set('api_key', settings.apiKey);
      let response: Response;
      try {
        response = await fetch(url, { signal: AbortSignal.timeout(settings.timeoutMs ?? 15_000) });
      } catch (error) {
        throw new ShoppingSearchError('The shopping search could not be reached', { cause: error });
      }
      const body: unknown = await response.json().catch(() => undefined);
      const parsed = ShoppingAnswer.safeParse(body);
      if (!response.ok || !parsed.success || parsed.data.error) {
        const reason = parsed.success ? parsed.data.error : undefined;
        throw new ShoppingSearchError(
          `The shopping search answered ${response.status}${reason ? `: ${reason}` : ''}`,
        );
      }
      const results: SearchResult[] = parsed.data.shopping_results
        .filter((r) => (r.product_link ?? r.link) && r.thumbnail && /^https:\/\//.test(r.thumbnail))
        .slice(0, query.limit)
        .map((r, index) => ({
          id: r.product_id ?? `serpapi-${r.position ?? index}`,
          productName: r.title,
          store: r.source ?? 'Online store',
          price:
            r.price ?? (r.extracted_price !== undefined ? `$${r.extracted_price.toFixed(2)}` : '—'),
          rating: r.rating ?? null,
          imageUrl: r.thumbnail!,
          productUrl: (r.product_link ?? r.link)!,
        }));
      return { results, sampleData: false };
    },
  };
}
