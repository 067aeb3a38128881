import { knownCodeOr } from '@image-lab/contract/error-codes';
import { describe, expect, it } from 'vitest';
import { ApiError, apiErrorOf } from '@/lib/api';
import { generationErrorToast, simpleErrorToast, uploadErrorToast } from './error-messages.ts';
import en from '@/i18n/en.json';

/** The error the API client throws for this answer. */
const http = (status: number, body: string | Record<string, unknown>) =>
  typeof body === 'string'
    ? new ApiError(status, knownCodeOr(undefined, status), body)
    : new ApiError(status, knownCodeOr(body.code, status), String(body.message ?? ''), body);

describe('an answer of the API, read by the client, becomes its toast', () => {
  it('switches on the code the server sent', async () => {
    const answer = Response.json(
      {
        message: 'Please upload an image first before applying presets.',
        code: 'preset_needs_image',
      },
      { status: 400 },
    );
    expect(generationErrorToast(await apiErrorOf(answer))).toEqual({
      title: { key: 'editor.errors.noImage' },
      description: { key: 'editor.errors.presetNeedsImage' },
    });
  });
  it('shows no proxy page or bare status text as a message', async () => {
    const answer = new Response('<html>Bad Gateway</html>', { status: 502 });
    expect(generationErrorToast(await apiErrorOf(answer))).toEqual({
      title: { key: 'editor.errors.generationFailed' },
      description: { key: 'editor.errors.editFailed' },
    });
  });
});

describe('generationErrorToast', () => {
  it('turns a 402 into the out-of-credits toast and flag', () => {
    expect(generationErrorToast(http(402, { code: 'out_of_credits' }))).toEqual({
      title: { key: 'editor.errors.outOfCredits' },
      description: { key: 'editor.errors.outOfCreditsBody' },
      outOfCredits: true,
    });
  });
  it('leaves a 401 to the sign-out handling', () => {
    expect(generationErrorToast(http(401, { message: 'Unauthorized' }))).toBeNull();
  });
  it('names missing instructions and missing images', () => {
    expect(generationErrorToast(http(400, { code: 'no_instructions' }))?.title).toEqual({
      key: 'editor.errors.noInstructions',
    });
    expect(
      generationErrorToast(http(400, { code: 'no_image', message: 'Upload image first.' })),
    ).toMatchObject({ description: { key: 'editor.errors.uploadFirst' } });
    expect(
      generationErrorToast(
        http(400, { code: 'preset_needs_image', message: 'Any words: the code decides.' }),
      ),
    ).toMatchObject({ description: { key: 'editor.errors.presetNeedsImage' } });
  });
  it('shows short server messages, "Try again." for long ones, a default for none', () => {
    expect(generationErrorToast(http(400, { message: 'Unknown preset: x' }))).toEqual({
      title: { key: 'editor.errors.generationFailed' },
      description: { text: 'Unknown preset: x' },
    });
    expect(generationErrorToast(http(504, { message: 'x'.repeat(51), title: 'Slow' }))).toEqual({
      title: { text: 'Slow' },
      description: { key: 'editor.errors.tryAgain' },
    });
    expect(generationErrorToast(http(500, 'Internal'))?.description).toEqual({
      key: 'editor.errors.editFailed',
    });
    expect(generationErrorToast(new TypeError('Failed to fetch'))?.description).toEqual({
      key: 'editor.errors.editFailed',
    });
  });
  it('shows in full what the engine could not do', () => {
    const message = 'The local engine cannot do these parts of the prompt: add a dog, add a hat';
    expect(generationErrorToast(http(422, { message, code: 'nothing_executable' }))).toEqual({
      title: { key: 'editor.errors.imageFailed' },
      description: { text: message },
    });
  });
  it("words the engine's and hosted models' refusals in the person's language, by code", () => {
    const refusals = [
      { status: 422, code: 'nothing_to_do', message: 'The prompt holds no instruction' },
      { status: 422, code: 'nothing_at_point', message: 'Nothing was found at the selection' },
      { status: 400, code: 'invalid_mask', message: 'The selection mask selects nothing' },
      { status: 501, code: 'capability_unavailable', message: 'Needs a hosted model' },
      { status: 429, code: 'provider_rate_limited', message: 'The AI service is busy.' },
      { status: 422, code: 'content_not_allowed', message: 'Your prompt contains…' },
      { status: 409, code: 'cancelled', message: 'Cancelled. Your credits were refunded.' },
    ];
    for (const { status, ...body } of refusals) {
      expect(generationErrorToast(http(status, body))).toEqual({
        title: { key: `editor.errors.codes.${body.code}.title` },
        description: { key: `editor.errors.codes.${body.code}.body` },
      });
      const texts = (en.editor.errors.codes as Record<string, { title: string; body: string }>)[
        body.code
      ];
      expect(texts?.title && texts.body).toBeTruthy();
    }
  });
  it('gives the moderation toast', () => {
    expect(generationErrorToast(http(400, { code: 'content_moderated' }))?.title).toEqual({
      key: 'editor.errors.contentModerated',
    });
  });
});

describe('uploadErrorToast', () => {
  it('gives the moderation toast for a flagged upload', () => {
    const body = { code: 'content_moderated', title: 'Content Moderated', message: 'x' };
    expect(uploadErrorToast(http(422, body))).toEqual({
      title: { key: 'editor.errors.contentModerated' },
      description: { key: 'editor.errors.contentModeratedBody' },
    });
  });
  it('uses the catalogue texts for known refusals, else the server words', () => {
    expect(uploadErrorToast(http(413, { code: 'file_too_large', message: 'x' }))).toEqual({
      title: { key: 'editor.errors.tooLarge' },
      description: { key: 'editor.errors.tooLargeBody' },
    });
    expect(uploadErrorToast(http(415, { code: 'invalid_file_type' }))?.title).toEqual({
      key: 'editor.errors.invalidType',
    });
    const damaged = { title: 'Invalid File Type', message: 'The image file is damaged.' };
    expect(uploadErrorToast(http(422, { ...damaged, code: 'corrupt_image' }))).toEqual({
      title: { key: 'editor.errors.codes.corrupt_image.title' },
      description: { key: 'editor.errors.codes.corrupt_image.body' },
    });
    expect(uploadErrorToast(http(422, { message: 'Odd.', code: 'unprocessable' }))).toEqual({
      title: { key: 'editor.errors.uploadFailed' },
      description: { text: 'Odd.' },
    });
    expect(uploadErrorToast(http(500, 'x'))).toEqual({
      title: { key: 'editor.errors.uploadFailed' },
      description: { key: 'editor.errors.uploadFailedBody' },
    });
  });
});

describe('simpleErrorToast', () => {
  it('uses a short message or the fallback', () => {
    expect(simpleErrorToast(http(501, { message: 'Not here' }), 'a', 'b')).toEqual({
      title: { key: 'editor.errors.a' },
      description: { text: 'Not here' },
    });
    expect(simpleErrorToast(http(500, 'x'), 'a', 'b')?.description).toEqual({
      key: 'editor.errors.b',
    });
  });
  it("gives a refused prompt's enhancement the catalogue's 'Content Not Allowed'", () => {
    const refused = http(422, { code: 'content_not_allowed', message: 'Your prompt…' });
    expect(simpleErrorToast(refused, 'enhanceFailed', 'enhanceFailedBody')).toEqual({
      title: { key: 'editor.errors.codes.content_not_allowed.title' },
      description: { key: 'editor.errors.codes.content_not_allowed.body' },
    });
  });
});
