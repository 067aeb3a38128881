import fs from 'node:fs';
import path from 'node:path';
import {
  ErrorResponse,
  SearchFurnitureResponse,
  SearchResultsResponse,
  SegmentParams,
  SegmentsResponse,
  SegmentSourceParams,
} from '@image-lab/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { notFound } from '../../platform/errors.ts';
import { requireReader, requireWriter } from '../rooms/room-owner.ts';
import { createCatalogueSearch } from './catalogue-search.ts';
import {
  defineSegmentJob,
  listSegments,
  searchFurniture,
  searchResults,
  segmentRoom,
} from './furniture.service.ts';
import { productPage } from './product-page.ts';
import type { ProductSearch } from './product-search.ts';
import { createSerpApiSearch } from './serpapi-search.ts';

const errors = {
  400: ErrorResponse,
  401: ErrorResponse,
  403: ErrorResponse,
  404: ErrorResponse,
  429: ErrorResponse,
  500: ErrorResponse,
  502: ErrorResponse,
};
const tags = ['furniture'];
const IMAGE_FILE = /^[a-z0-9][a-z0-9-]{0,80}\.(png|jpg|webp)$/;

export const furnitureRoutes: FastifyPluginAsyncZod = async (app) => {
  defineSegmentJob(app);
  const catalogueFile = app.config.productCataloguePath;
  const imagesDir = path.join(path.dirname(catalogueFile), 'images');
  const catalogue = createCatalogueSearch(catalogueFile, {
    image: (name) => `/api/catalogue/images/${encodeURIComponent(name)}`,
    page: (id) => `/api/catalogue/products/${encodeURIComponent(id)}`,
  });
  const search: ProductSearch = app.config.serpApi
    ? createSerpApiSearch(app.config.serpApi)
    : catalogue;
  const limit = (max: number) => ({
    rateLimit: {
      max,
      timeWindow: '1 minute',
      keyGenerator: (r: { accountId: string | null; ip: string }) => r.accountId ?? r.ip,
    },
  });

  app.post(
    '/api/segment-room/:id',
    {
      config: limit(30),
      schema: {
        tags,
        summary: 'Find the furniture in a variation (or, by upload id, the photo)',
        params: SegmentSourceParams,
        response: { 200: SegmentsResponse, ...errors },
      },
    },
    async (request) => segmentRoom(app, requireWriter(request), request.params.id),
  );

  app.get(
    '/api/segments/:id',
    {
      schema: {
        tags,
        summary: 'The furniture found earlier in a variation (or the photo)',
        params: SegmentSourceParams,
        response: { 200: SegmentsResponse, ...errors },
      },
    },
    async (request) => listSegments(app, requireReader(request), request.params.id),
  );

  app.post(
    '/api/search-furniture/:segmentId',
    {
      config: limit(30),
      schema: {
        tags,
        summary: 'Search products like a piece of furniture (type, colour, style)',
        params: SegmentParams,
        response: { 200: SearchFurnitureResponse, ...errors },
      },
    },
    async (request) =>
      searchFurniture(app, search, requireWriter(request), request.params.segmentId),
  );

  app.get(
    '/api/search-results/:segmentId',
    {
      schema: {
        tags,
        summary: 'The products found for a piece of furniture',
        params: SegmentParams,
        response: { 200: SearchResultsResponse, ...errors },
      },
    },
    async (request) => searchResults(app, requireReader(request), request.params.segmentId),
  );

  app.get(
    '/api/catalogue/images/:file',
    { schema: { hide: true, params: z.object({ file: z.string().max(100) }) } },
    async (request, reply) => {
      if (!IMAGE_FILE.test(request.params.file)) throw notFound('Image not found');
      const file = path.join(imagesDir, request.params.file);
      const data = await fs.promises.readFile(file).catch(() => undefined);
      if (!data) throw notFound('Image not found');
      return reply
        .header('content-type', `image/${path.extname(file).slice(1).replace('jpg', 'jpeg')}`)
        .header('cache-control', 'public, max-age=86400')
        .header('x-content-type-options', 'nosniff')
        .send(data);
    },
  );

  app.get(
    '/api/catalogue/products/:id',
    { schema: { hide: true, params: z.object({ id: z.string().max(100) }) } },
    async (request, reply) => {
      const data = await catalogue.catalogue();
      const product = data.products.find((p) => p.id === request.params.id);
      if (!product) throw notFound('Product not found');
      return reply
        .type('text/html; charset=utf-8')
        .send(productPage(product, data, `/api/catalogue/images/${product.image}`));
    },
  );
};
