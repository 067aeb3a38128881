import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { notFound } from '../../platform/errors.ts';
import { assertValidKey } from '../../platform/storage.ts';
import { sendStoredFile } from '../../platform/stored-files.ts';

/**
 * Stored files under /uploads/<key>: private. Only the account that owns the folder, the people
 * it is shared with, or the guest whose folder it is get the bytes; everyone else gets the same
 * 404 as for a file that does not exist (docs/decisions/020).
 */
export const storedFileRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/uploads/*',
    {
      schema: { hide: true, params: z.object({ '*': z.string().max(400) }) },
    },
    async (request, reply) => {
      let key: string;
      try {
        key = assertValidKey(request.params['*']);
      } catch {
        throw notFound('Image not found');
      }
      if (!(await app.files.mayRead(request, key))) throw notFound('Image not found');
      return sendStoredFile(app, request, reply, key, 'private');
    },
  );
};
