import { execFileSync } from 'node:child_process';
import { eq } from 'drizzle-orm';
import fs from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { App } from '../src/app.ts';
import { galleryShares } from '../src/db/schema/index.ts';
import { newSignedInUser } from './factories.ts';
import { buildTestApp } from './helper.ts';
import { caller, createProject, uploadImage } from './project-helpers.ts';

// The real web build (client and server entry): these pages are drawn by the app's own code.
const webRoot = path.resolve(import.meta.dirname, '../../web');
const webDist = path.join(webRoot, 'dist');

/**
 * Builds the web app once when no build is there. This file runs in the PGlite and the
 * PostgreSQL project at once, so a lock folder keeps two builds from writing the same files.
 */
async function ensureWebBuild() {
  const lock = path.join(webRoot, '.test-build-lock');
  for (;;) {
    try {
      fs.mkdirSync(lock);
      break;
    } catch {
      const age = Date.now() - (fs.statSync(lock, { throwIfNoEntry: false })?.mtimeMs ?? 0);
      if (age > 300_000) fs.rmSync(lock, { recursive: true, force: true });
      await new Promise((r) => setTimeout(r, 500));
    }
  }
  try {
    if (!fs.existsSync(path.join(webRoot, 'dist-ssr/entry-server.js'))) {
      execFileSync('npm', ['run', 'build'], { cwd: webRoot, stdio: 'pipe' });
    }
  } finally {
    fs.rmSync(lock, { recursive: true, force: true });
  }
}

let app: App;
beforeAll(async () => {
  await ensureWebBuild();
  app = await buildTestApp({ WEB_DIST_DIR: webDist });
}, 300_000);
afterAll(() => app?.close());

/** The text inside the app's root, as a visitor sees it before any script runs. */
function rootText(html: string) {
  const root = /<div id="root" data-ssr="">([\s\S]*)<\/div><script type="application\/json"/.exec(
    html,
  );
  return (root?.[1] ?? '')
    .replace(/<[^>]+>/g, ' ')
    .replace(/&#x27;/g, "'")
    .replace(/\s+/g, ' ');
}

const page = (url: string, language: string, cookie?: string) =>
  app.inject({ url, headers: { 'accept-language': language, ...(cookie ? { cookie } : {}) } });

describe('server-rendered public pages', () => {
  it.each([
    ['/', 'en', 'Speak. Create. Amaze.'],
    ['/', 'de', 'Sprechen. Gestalten. Begeistern.'],
    ['/', 'fr', 'Parlez. Créez. Émerveillez.'],
    ['/login', 'en', 'Welcome back'],
    ['/login', 'de', 'Willkommen zurück'],
    ['/login', 'fr', 'Bon retour'],
  ])('%s in %s arrives drawn', async (url, language, words) => {
    const answer = await page(url, language);
    expect(answer.statusCode).toBe(200);
    expect(answer.body).toContain(`<html lang="${language}"`);
    expect(rootText(answer.body)).toContain(words);
    // The stylesheet is inlined: nothing blocks the first paint.
    expect(answer.body).not.toMatch(/<link rel="stylesheet"/);
  });

  it("promises of rooms what this server's engine does: recolouring locally, a restage hosted", async () => {
    const local = rootText((await page('/', 'en')).body);
    expect(local).toContain('take out the small pieces a local fill can replace');
    expect(local).not.toContain('Restage the whole room');
    const hosted = await buildTestApp({
      WEB_DIST_DIR: webDist,
      AI_PROVIDER: 'openai',
      OPENAI_API_KEY: 'sk-test-landing',
      OPENAI_BASE_URL: 'http://127.0.0.1:9/v1',
    });
    try {
      const answer = await hosted.inject({ url: '/', headers: { 'accept-language': 'de' } });
      expect(rootText(answer.body)).toContain('Den ganzen Raum im modernen');
    } finally {
      await hosted.close();
    }
  });

  it.each(['/signup', '/register', '/forgot-password', '/reset-password'])(
    '%s arrives drawn',
    async (url) => {
      const answer = await page(url, 'de');
      expect(answer.statusCode).toBe(200);
      expect(rootText(answer.body).length).toBeGreaterThan(100);
    },
  );

  it('answers an unknown path with 404 and the 404 screen', async () => {
    const answer = await page('/no/such/page', 'fr');
    expect(answer.statusCode).toBe(404);
    expect(rootText(answer.body)).toContain('Page introuvable');
  });

  it('answers an unknown share link with 404 and its screen', async () => {
    const project = await page('/share/not-a-token', 'en');
    expect(project.statusCode).toBe(404);
    expect(rootText(project.body)).toContain('Project Not Found');
    const gallery = await page('/shared/not-a-token', 'en');
    expect(gallery.statusCode).toBe(404);
  });

  it('draws a shared project with its data, and hands the data to the browser', async () => {
    const owner = await newSignedInUser(app);
    const image = await uploadImage(app, owner);
    const project = await createProject(app, owner, {
      name: 'Loft by the river',
      imageUrls: [image.imageUrl],
    });
    const shared = await caller(app)(owner, 'POST', `/api/projects/${project.id}/share`, {
      isPublic: true,
    });
    const token = shared.json().shareToken as string;
    const answer = await page(`/share/${token}`, 'de');
    expect(answer.statusCode).toBe(200);
    expect(rootText(answer.body)).toContain('Loft by the river');
    const state = /<script type="application\/json" id="ssr-state">([^<]*)<\/script>/.exec(
      answer.body,
    );
    expect(JSON.parse(state?.[1] ?? '{}').queries).toEqual(
      expect.arrayContaining([expect.objectContaining({ queryKey: ['shared-project', token] })]),
    );
  });

  it('answers an expired gallery link with 410 and the expired screen', async () => {
    const owner = await newSignedInUser(app);
    await uploadImage(app, owner);
    const created = await caller(app)(owner, 'POST', '/api/gallery/shares', { expiresInDays: 7 });
    expect(created.statusCode, created.body).toBe(201);
    const { id, token } = created.json() as { id: string; token: string };
    const open = await page(`/shared/${token}`, 'en');
    expect(open.statusCode).toBe(200);
    await app.database.db
      .update(galleryShares)
      .set({ expiresAt: new Date(Date.now() - 60_000) })
      .where(eq(galleryShares.id, id));
    const expired = await page(`/shared/${token}`, 'fr');
    expect(expired.statusCode).toBe(410);
    expect(rootText(expired.body)).toContain('Partage expiré');
  });

  it('takes the language cookie over the browser, and draws the dark theme', async () => {
    const answer = await page('/login', 'en', 'i18nextLng=de; theme=dark');
    expect(answer.body).toContain('<html lang="de" data-theme="dark" class="dark">');
    expect(rootText(answer.body)).toContain('Willkommen zurück');
  });

  it('leaves signed-in and app screens to the browser', async () => {
    const editor = await page('/editor', 'en');
    expect(editor.statusCode).toBe(200);
    expect(editor.body).toContain('<div id="root"></div>');
    const signedIn = await page('/', 'en', 'sid=some-session');
    expect(signedIn.body).toContain('<div id="root"></div>');
  });
});
