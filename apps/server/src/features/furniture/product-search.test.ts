import http from 'node:http';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createCatalogueSearch } from './catalogue-search.ts';
import type { ProductQuery } from './product-search.ts';
import { createSerpApiSearch, ShoppingSearchError } from './serpapi-search.ts';

const SAMPLE = path.resolve(import.meta.dirname, '../../../catalogue/sample-catalogue.json');
const query = (over: Partial<ProductQuery>): ProductQuery => ({
  furnitureType: 'sofa',
  colour: null,
  colourHex: null,
  style: null,
  limit: 8,
  ...over,
});

describe('the sample catalogue', () => {
  const search = createCatalogueSearch(SAMPLE, {
    image: (name) => `/img/${name}`,
    page: (id) => `/page/${id}`,
  });

  it('is marked as sample data and covers the furniture kinds with drawn images', async () => {
    const catalogue = await search.catalogue();
    expect(catalogue.sampleData).toBe(true);
    expect(catalogue.products.length).toBeGreaterThanOrEqual(40);
    const kinds = new Set(catalogue.products.map((p) => p.type));
    expect([...kinds].sort()).toEqual(['bed', 'chair', 'lamp', 'plant', 'sofa', 'table', 'tv']);
    expect(catalogue.products.every((p) => p.image.endsWith('.png') && p.url === '')).toBe(true);
  });

  it('ranks by kind, then colour, then style', async () => {
    const beige = await search.search(query({ colour: 'beige', colourHex: '#d6c4a8' }));
    expect(beige.sampleData).toBe(true);
    expect(beige.results[0]).toMatchObject({ productName: 'Oslo 3-Seat Sofa', price: '$899.00' });
    expect(beige.results[0]!.imageUrl).toBe('/img/sample-oslo-3-seat-sofa.png');
    expect(beige.results[0]!.productUrl).toBe('/page/sample-oslo-3-seat-sofa');
    const sofasFirst = beige.results.slice(0, 8).map((r) => r.id);
    expect(sofasFirst.every((id) => !/chair/.test(id))).toBe(true);

    const grey = { colour: 'grey', colourHex: '#8c8c8c' };
    expect((await search.search(query(grey))).results[0]!.productName).toBe('Metro Modular Sofa');
    const industrial = await search.search(query({ ...grey, style: 'industrial' }));
    expect(industrial.results[0]!.productName).toBe('Nightfall Sofa');
    const plants = await search.search(query({ furnitureType: 'plant', limit: 3 }));
    expect(plants.results).toHaveLength(3);
    expect((await search.search(query({ furnitureType: 'toaster' }))).results).toEqual([]);
  });
});

describe('the SerpApi Google Shopping adapter against a stand-in server', () => {
  let server: http.Server;
  let baseUrl: string;
  const requests: URL[] = [];
  let answer: { status: number; body: unknown } = { status: 200, body: {} };

  beforeAll(async () => {
    server = http.createServer((req, res) => {
      requests.push(new URL(req.url!, 'http://stand-in'));
      res.writeHead(answer.status, { 'content-type': 'application/json' });
      res.end(JSON.stringify(answer.body));
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    baseUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  });
  afterAll(() => new Promise((resolve) => server.close(resolve)));

  it('asks for the piece in words and maps shopping_results', async () => {
    answer = {
      status: 200,
      body: {
        search_metadata: { status: 'Success' },
        shopping_results: [
          {
            position: 1,
            title: 'Linen Sofa, Oat',
            product_id: '123',
            product_link: 'https://www.google.com/shopping/product/123',
            source: 'A Store',
            price: '$1,099.00',
            extracted_price: 1099,
            rating: 4.6,
            reviews: 210,
            thumbnail: 'https://encrypted-tbn0.gstatic.com/shopping?q=tbn:abc',
          },
          { position: 2, title: 'No picture', link: 'https://shop.example/x', price: '$5.00' },
        ],
      },
    };
    const search = createSerpApiSearch({ apiKey: 'key-1', baseUrl });
    const found = await search.search(
      query({ colour: 'beige', colourHex: '#d6c4a8', style: 'mid-century' }),
    );
    const asked = requests.at(-1)!;
    expect(asked.pathname).toBe('/search.json');
    expect(Object.fromEntries(asked.searchParams)).toMatchObject({
      engine: 'google_shopping',
      q: 'beige mid century sofa',
      api_key: 'key-1',
    });
    expect(found).toEqual({
      sampleData: false,
      results: [
        {
          id: '123',
          productName: 'Linen Sofa, Oat',
          store: 'A Store',
          price: '$1,099.00',
          rating: 4.6,
          imageUrl: 'https://encrypted-tbn0.gstatic.com/shopping?q=tbn:abc',
          productUrl: 'https://www.google.com/shopping/product/123',
        },
      ],
    });
  });

  it('fails with a ShoppingSearchError on an error answer or an unreachable server', async () => {
    answer = { status: 401, body: { error: 'Invalid API key.' } };
    const search = createSerpApiSearch({ apiKey: 'wrong', baseUrl });
    await expect(search.search(query({}))).rejects.toThrow(/401: Invalid API key/);
    const nowhere = createSerpApiSearch({ apiKey: 'k', baseUrl: 'http://127.0.0.1:9' });
    await expect(nowhere.search(query({}))).rejects.toBeInstanceOf(ShoppingSearchError);
  });
});
