import { afterEach, describe, expect, it, vi } from 'vitest';
import { requestEdit } from '../api';

const answer = { type: 'edited', images: [] };

function captureFetch() {
  const calls: Array<{ url: string; init: RequestInit }> = [];
  vi.stubGlobal('fetch', async (url: string, init: RequestInit) => {
    calls.push({ url, init });
    return new Response(JSON.stringify(answer), { status: 200 });
  });
  return calls;
}

afterEach(() => vi.unstubAllGlobals());

const base = {
  imageUrl: '/uploads/a.jpg',
  prompt: 'make it blue',
  numImages: 1,
  aspectRatio: '3:4' as const,
  sessionId: 's',
};

describe('the edit request with a selection', () => {
  it('sends a click as the selection field of a JSON body', async () => {
    const calls = captureFetch();
    await requestEdit({ ...base, selection: { point: { x: 45, y: 66 } } });
    const body = JSON.parse(String(calls[0]!.init.body)) as Record<string, unknown>;
    expect(body).toMatchObject({ prompt: 'make it blue', selection: { point: { x: 45, y: 66 } } });
  });

  it('sends a painted mask as the multipart file `mask`, with the fields as text', async () => {
    const calls = captureFetch();
    const png = new Blob([new Uint8Array([137, 80, 78, 71])], { type: 'image/png' });
    await requestEdit({ ...base, numImages: 2, mask: async () => png });
    const form = calls[0]!.init.body as FormData;
    expect(form).toBeInstanceOf(FormData);
    expect(form.get('prompt')).toBe('make it blue');
    expect(form.get('imageUrl')).toBe('/uploads/a.jpg');
    expect(form.get('numImages')).toBe('2');
    expect(form.get('selection')).toBeNull();
    const mask = form.get('mask') as File;
    expect(mask.name).toBe('mask.png');
    expect(new Uint8Array(await mask.arrayBuffer())).toEqual(new Uint8Array([137, 80, 78, 71]));
  });
});
