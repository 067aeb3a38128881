import { afterEach, describe, expect, it, vi } from 'vitest';
import {
  ApiError,
  errorFromJson,
  errorToJson,
  failureOf,
  isNetworkError,
  serverMessage,
} from './api-error.ts';
import { apiRequest, getJson, throwIfResNotOk } from './client.ts';

afterEach(() => {
  vi.unstubAllGlobals();
});

function stubFetch(response: Response) {
  const fetchMock = vi.fn(async (..._args: unknown[]) => response);
  vi.stubGlobal('fetch', fetchMock);
  return fetchMock;
}

const thrown = (promise: Promise<unknown>) =>
  promise.then(
    () => null,
    (error: unknown) => error,
  );

describe('throwIfResNotOk', () => {
  it("throws an ApiError with the answer's status, code and message", async () => {
    const res = Response.json(
      { message: 'Out of Credits', code: 'out_of_credits', title: 'Out of Credits' },
      { status: 402 },
    );
    const error = await thrown(throwIfResNotOk(res));
    expect(error).toBeInstanceOf(ApiError);
    expect(error).toMatchObject({ status: 402, code: 'out_of_credits', message: 'Out of Credits' });
    expect((error as ApiError).title).toBe('Out of Credits');
  });
  it('gives an answer without a known code the code of its status', async () => {
    const unknown = Response.json({ message: 'x', code: 'FST_SOMETHING' }, { status: 413 });
    expect(await thrown(throwIfResNotOk(unknown))).toMatchObject({ code: 'payload_too_large' });
    const empty = new Response('', { status: 503, statusText: 'Service Unavailable' });
    expect(await thrown(throwIfResNotOk(empty))).toMatchObject({
      status: 503,
      code: 'service_unavailable',
      message: 'Service Unavailable',
    });
  });
  it("keeps a text answer's words as the message", async () => {
    const text = new Response('Bad Gateway from the proxy', { status: 502 });
    expect(await thrown(throwIfResNotOk(text))).toMatchObject({
      code: 'bad_gateway',
      message: 'Bad Gateway from the proxy',
    });
  });
  it("carries an edit's clause reports", async () => {
    const clauses = [{ text: 'make it blue', done: false, code: 'not_understood' }];
    const res = Response.json(
      { message: 'Nothing done', code: 'nothing_to_do', clauses },
      {
        status: 422,
      },
    );
    const error = (await thrown(throwIfResNotOk(res))) as ApiError;
    expect(error.clauses).toEqual(clauses);
  });
});

describe('apiRequest', () => {
  it('sends JSON with credentials', async () => {
    const fetchMock = stubFetch(Response.json({ ok: true }));
    await apiRequest('POST', '/api/projects', { name: 'A' });
    expect(fetchMock).toHaveBeenCalledWith('/api/projects', {
      method: 'POST',
      credentials: 'include',
      headers: { 'Content-Type': 'application/json' },
      body: '{"name":"A"}',
    });
  });
  it('sends form data as it is', async () => {
    const fetchMock = stubFetch(Response.json({}));
    const form = new FormData();
    form.append('image', new Blob(['x']), 'a.png');
    await apiRequest('POST', '/api/save-original-image', form);
    const init = fetchMock.mock.calls[0]![1] as RequestInit;
    expect(init.body).toBe(form);
    expect(init.headers).toEqual({});
  });
  it('throws an ApiError on failure', async () => {
    stubFetch(new Response('Payment Required', { status: 402 }));
    expect(await thrown(apiRequest('POST', '/api/edit-image', {}))).toMatchObject({
      status: 402,
      code: 'payment_required',
    });
  });
});

describe('getJson', () => {
  it('reads with credentials and the options given', async () => {
    const fetchMock = stubFetch(Response.json({ id: 1 }));
    await expect(getJson('/api/x', { cache: 'no-cache' })).resolves.toEqual({ id: 1 });
    expect(fetchMock).toHaveBeenCalledWith('/api/x', { credentials: 'include', cache: 'no-cache' });
  });
});

describe('failureOf', () => {
  it('reads an ApiError, and anything else as a failed request', () => {
    const message = 'This share link has expired';
    const api = new ApiError(410, 'share_expired', message, { message, code: 'share_expired' });
    expect(failureOf(api)).toMatchObject({ status: 410, code: 'share_expired', message });
    expect(failureOf(new TypeError('Failed to fetch'))).toEqual({ status: null, code: null });
    expect(failureOf({ message: 'x', status: 404 })).toEqual({ status: null, code: null });
    expect(isNetworkError(new TypeError('Failed to fetch'))).toBe(true);
    expect(isNetworkError(api)).toBe(false);
    expect(serverMessage(api)).toBe(message);
    expect(serverMessage(new ApiError(502, 'bad_gateway', '<html>proxy</html>'))).toBeUndefined();
    expect(serverMessage(new Error('boom'))).toBeUndefined();
  });
});

describe('errorToJson and errorFromJson', () => {
  it('hand an answer of the API over as JSON and back as the same ApiError', () => {
    const body = { message: 'This share link has expired', code: 'share_expired', title: 'Gone' };
    const api = new ApiError(410, 'share_expired', body.message, body);
    const back = errorFromJson(JSON.parse(JSON.stringify(errorToJson(api))));
    expect(back).toBeInstanceOf(ApiError);
    expect(failureOf(back)).toEqual(failureOf(api));
  });
  it('hand any other error over as a plain Error with its message', () => {
    const back = errorFromJson(JSON.parse(JSON.stringify(errorToJson(new TypeError('offline')))));
    expect(back).not.toBeInstanceOf(ApiError);
    expect(back.message).toBe('offline');
    expect(errorFromJson(null).message).toBe('');
  });
});
