import {
  CapabilitiesResponse,
  EditImageBody,
  EditImageFields,
  EditImageResponse,
  EditRefusalResponse,
  ErrorResponse,
} from '@image-lab/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { badRequest } from '../../platform/errors.ts';
import { requireWrite } from '../../platform/session.ts';
import { readMultipartForm, type MultipartForm } from '../../platform/multipart.ts';
import { guestOf } from '../../platform/guest-identity.ts';
import { guestEditImage } from './guest-edit.service.ts';
import { defineEditJob } from './edit.job.ts';
import { scheduleJobSweep } from '../../platform/job-leases.ts';
import { editImage } from './edit.service.ts';
import { makesOneImage, presetIds } from './presets.ts';
import { capabilityNote } from './capability-notes.ts';

const errors = {
  400: ErrorResponse,
  401: ErrorResponse,
  402: ErrorResponse,
  403: ErrorResponse,
  404: ErrorResponse,
  413: ErrorResponse,
  415: ErrorResponse,
  422: EditRefusalResponse,
  429: ErrorResponse,
};

function parseFields(raw: unknown) {
  const parsed = EditImageFields.safeParse(raw ?? {});
  if (!parsed.success) {
    const issue = parsed.error.issues[0];
    throw badRequest(issue?.message ?? 'Invalid request', 'validation_failed');
  }
  if (makesOneImage(parsed.data.preset)) parsed.data.numImages = 1;
  return parsed.data;
}

export const editRoutes: FastifyPluginAsyncZod = async (app) => {
  defineEditJob(app);
  scheduleJobSweep(app);

  app.post(
    '/api/edit-image',
    {
      config: {
        rateLimit: {
          max: 30,
          timeWindow: '1 minute',
          keyGenerator: (r) => r.accountId ?? r.ip,
          errorResponseBuilder: () => ({
            statusCode: 429,
            code: 'rate_limited',
            message: 'Too many requests. Please wait a moment and try again.',
          }),
        },
      },
      schema: {
        tags: ['generation'],
        summary: 'Edit an image by prompt or preset, or generate one; 1 credit per result',
        description:
          'multipart/form-data (image, reference, mask, and the fields) or JSON with imageUrl. ' +
          'A selection limits the edit to part of the picture: the file `mask` (an image at the ' +
          "picture's size, light = selected) or the field `selection` (JSON: a point, a box or a " +
          'label with an index, in percentages). Each clause of the prompt is reported in ' +
          '`clauses` (done or not, a code and parameters). A prompt only about the ' +
          'picture\'s text ("remove the text", "pixelate the licence plate") is done inside ' +
          "the text's own mask, also by a hosted model's masked call. " +
          'Answers every shape of the spec: edited_images, edited_image, editedImageUrl.',
        consumes: ['application/json', 'multipart/form-data'],
        body: EditImageBody,
        response: { 200: EditImageResponse, ...errors },
      },
      // The body is read by parseFields, the same way for both kinds: multipart fields are only
      // there once the stream has been read, after the guest and sign-in checks.
      validatorCompiler: () => (data: unknown) => ({ value: data }),
    },
    async (request, reply) => {
      if (!request.user) {
        // A visitor trying the editor: JSON with an address of one of their own guest files.
        if (app.config.guestFreeImages === 0) requireWrite(request);
        if (request.isMultipart()) throw badRequest('Upload the image first', 'guest_upload_first');
        const guest = { hash: guestOf(app, request, reply), ip: request.ip };
        return guestEditImage(app, guest, parseFields(request.body));
      }
      const { accountId } = requireWrite(request);
      let form: MultipartForm = { files: new Map(), fields: {} };
      if (request.isMultipart())
        form = await readMultipartForm(request, ['image', 'reference', 'mask']);
      const fields = parseFields(request.isMultipart() ? form.fields : request.body);
      return editImage(app, {
        accountId,
        fields,
        file: form.files.get('image'),
        reference: form.files.get('reference'),
        mask: form.files.get('mask'),
      });
    },
  );

  app.get(
    '/api/capabilities',
    {
      schema: {
        tags: ['generation'],
        summary: 'What this server can do, and which provider does it',
        response: { 200: CapabilitiesResponse },
      },
    },
    async () => ({
      capabilities: app.engine.describe().map(({ capability, provider }) => ({
        capability,
        provider,
        available: provider !== null,
        model: app.engine.for(capability)?.models?.[capability],
        note: capabilityNote(capability, provider),
      })),
      presets: presetIds(),
    }),
  );
};
