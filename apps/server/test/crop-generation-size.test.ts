import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  createLocalProvider,
  ProviderRegistry,
  type EditRequest,
  type Provider,
} from '@image-lab/engine';
import type { App } from '../src/app.ts';
import { buildTestApp } from './helper.ts';
import { newSignedInUser, setCredits } from './factories.ts';
import { smallPhoto, upload } from './image-helpers.ts';

let app: App;
const asked: EditRequest[] = [];
beforeAll(async () => {
  const local = createLocalProvider();
  // The local editor, recording what it is asked for (as a hosted model would be).
  const recording: Provider = {
    ...local,
    id: 'recording',
    edit: (request) => {
      asked.push(request);
      return local.edit!(request);
    },
  };
  app = await buildTestApp({}, { engine: new ProviderRegistry([recording]) });
});
afterAll(() => app.close());

async function person() {
  const { headers, user } = await newSignedInUser(app);
  await setCredits(app, user.id, 10);
  const source = (await upload(app, headers, await smallPhoto())).json();
  const edit = (imageUrl: string) =>
    app.inject({
      method: 'POST',
      url: '/api/edit-image',
      headers,
      payload: { imageUrl, prompt: 'make it brighter' },
    });
  return { headers, source, edit };
}

describe('generating from a crop (working areas §9)', () => {
  it('asks the provider for the size the crop’s ratio gives: 2.5:1 → (w, 1152)', async () => {
    const { headers, source, edit } = await person();
    const cut = await sharp(await smallPhoto())
      .extract({ left: 0, top: 40, width: 400, height: 160 })
      .png()
      .toBuffer();
    const crop = await upload(app, headers, cut, 'crop.png', '/api/save-cropped-image', {
      sourceImageUrl: source.imageUrl,
    });
    expect(crop.statusCode).toBe(200);
    asked.length = 0;
    const res = await edit(crop.json().imageUrl);
    expect(res.statusCode).toBe(200);
    expect(asked).toHaveLength(1);
    const size = asked[0]!.size!;
    expect(size.height).toBe(1152);
    expect(size.width % 32).toBe(0);
    expect(size.width).toBe(2880);
  });

  it('asks for no particular size when the picture is not a crop', async () => {
    const { source, edit } = await person();
    asked.length = 0;
    expect((await edit(source.imageUrl)).statusCode).toBe(200);
    expect(asked).toHaveLength(1);
    expect(asked[0]!.size).toBeUndefined();
  });
});
