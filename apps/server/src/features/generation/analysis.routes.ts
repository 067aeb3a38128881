import {
  EnhancePromptRequest,
  EnhancePromptResponse,
  ErrorResponse,
  GetAnalysisResponse,
  ImageAnalysis,
  MessageResponse,
  SaveAnalysisRequest,
} from '@image-lab/contract';
import type { PromptLanguage } from '@image-lab/engine';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { AppError, badRequest } from '../../platform/errors.ts';
import { requireUser, requireWrite } from '../../platform/session.ts';
import { existingGuest } from '../../platform/guest-identity.ts';
import { resolveGuestImage } from '../guests/guest.service.ts';
import { findAnalysis, saveAnalysis } from '../images/images.repository.ts';
import {
  normalizeOrRefuse,
  readImageBytes,
  readWorkingBytes,
  resolveOwnImage,
  translateEngineError,
} from '../images/images.service.ts';
import { readMultipartForm } from '../../platform/multipart.ts';
import { refuseUnsafePrompt } from '../../platform/prompt-moderation.ts';

const errors = {
  400: ErrorResponse,
  401: ErrorResponse,
  403: ErrorResponse,
  404: ErrorResponse,
  413: ErrorResponse,
  415: ErrorResponse,
  422: ErrorResponse,
  429: ErrorResponse,
};
const perMinute = (max: number) => ({
  rateLimit: {
    max,
    timeWindow: '1 minute',
    keyGenerator: (r: { accountId: string | null; ip: string }) => r.accountId ?? r.ip,
  },
});
const unavailable = (what: string) =>
  new AppError(501, 'capability_unavailable', `${what} is not available on this server`);

/** The form's language field, else the browser's first of en/de/fr (texts and chips follow it). */
function analysisLanguage(field: unknown, acceptLanguage: string | undefined): PromptLanguage {
  const wanted = [typeof field === 'string' ? field : '', ...(acceptLanguage ?? '').split(',')];
  for (const tag of wanted) {
    const base = tag.trim().slice(0, 2).toLowerCase();
    if (base === 'en' || base === 'de' || base === 'fr') return base;
  }
  return 'en';
}

export const analysisRoutes: FastifyPluginAsyncZod = async (app) => {
  const analyzer = () => {
    const provider = app.engine.for('analyze');
    if (!provider?.analyze) throw unavailable('Image analysis');
    return provider;
  };

  app.post(
    '/api/analyze-image',
    {
      config: perMinute(30),
      schema: {
        tags: ['generation'],
        summary: 'Describe an image, guess its category and suggest edits (file or imageUrl)',
        response: { 200: ImageAnalysis, ...errors },
      },
    },
    async (request) => {
      let bytes: Buffer;
      let imageId: string | undefined;
      const fields = request.isMultipart()
        ? await readMultipartForm(request, ['image'])
        : { files: new Map(), fields: (request.body ?? {}) as Record<string, string> };
      const file = fields.files.get('image');
      if (file) {
        bytes = (await normalizeOrRefuse(app, file.data)).data;
      } else if (
        typeof fields.fields.imageUrl === 'string' &&
        fields.fields.imageUrl &&
        !request.user
      ) {
        // A guest's own guest file (no cookie, or someone else's file: 404).
        const guest = existingGuest(request) ?? '';
        const key = await resolveGuestImage(app, guest, fields.fields.imageUrl);
        bytes = await readImageBytes(app, key);
      } else if (typeof fields.fields.imageUrl === 'string' && fields.fields.imageUrl) {
        const user = requireUser(request);
        const row = await resolveOwnImage(
          app,
          request.accountId ?? user.id,
          fields.fields.imageUrl,
        );
        bytes = await readWorkingBytes(app, row.storageKey);
        imageId = row.id;
      } else {
        throw new AppError(400, 'no_image', 'Upload image first.', 'No Image');
      }
      const language = analysisLanguage(fields.fields.language, request.headers['accept-language']);
      const result = await analyzer().analyze!(bytes, undefined, language).catch(
        (error: unknown) => {
          throw translateEngineError(error);
        },
      );
      const analysis = {
        analysis: result.analysis,
        suggestions: result.suggestions,
        category: result.category,
        categoryPrompts: result.categoryPrompts,
      };
      if (imageId && request.canWrite) {
        await saveAnalysis(app.database.db, { imageId, ...analysis });
      }
      return analysis;
    },
  );

  app.get(
    '/api/get-analysis/:encodedImageUrl',
    {
      schema: {
        tags: ['generation'],
        summary: 'The saved analysis of one of the account’s images',
        params: z.object({ encodedImageUrl: z.string().min(1).max(4096) }),
        response: { 200: GetAnalysisResponse, ...errors },
      },
    },
    async (request) => {
      const user = requireUser(request);
      // Fastify decodes the parameter once; a client that encoded twice is decoded again.
      let url = request.params.encodedImageUrl;
      if (/%[0-9a-f]{2}/i.test(url)) {
        try {
          url = decodeURIComponent(url);
        } catch {
          throw badRequest('Invalid image address', 'not_our_image');
        }
      }
      const row = await resolveOwnImage(app, request.accountId ?? user.id, url);
      const saved = await findAnalysis(app.database.db, row.id);
      if (!saved) return { hasAnalysis: false as const };
      return {
        hasAnalysis: true as const,
        analysis: saved.analysis,
        suggestions: saved.suggestions,
        category: saved.category,
        categoryPrompts: saved.categoryPrompts,
      };
    },
  );

  app.post(
    '/api/save-analysis',
    {
      schema: {
        tags: ['generation'],
        summary: 'Keep an analysis with its image',
        body: SaveAnalysisRequest,
        response: { 200: MessageResponse, ...errors },
      },
    },
    async (request) => {
      const { accountId } = requireWrite(request);
      const { imageUrl, ...analysis } = request.body;
      const row = await resolveOwnImage(app, accountId, imageUrl);
      await saveAnalysis(app.database.db, { imageId: row.id, ...analysis });
      return { message: 'Analysis saved' };
    },
  );

  app.post(
    '/api/enhance-prompt',
    {
      config: perMinute(60),
      schema: {
        tags: ['generation'],
        summary: 'Rewrite a prompt with specific, useful detail',
        body: EnhancePromptRequest,
        response: { 200: EnhancePromptResponse, ...errors },
      },
    },
    async (request) => {
      refuseUnsafePrompt(app, request.body.prompt);
      const provider = app.engine.for('enhancePrompt');
      if (!provider?.enhancePrompt) throw unavailable('Prompt enhancement');
      const enhancedPrompt = await provider
        .enhancePrompt(request.body.prompt)
        .catch((error: unknown) => {
          throw translateEngineError(error);
        });
      return { enhancedPrompt };
    },
  );
};
