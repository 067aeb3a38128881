import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { App } from '../src/app.ts';
import { buildTestApp } from './helper.ts';
import { sessionCookieOf, withSession } from './auth-helpers.ts';
import { startGithubStandIn } from './github-stand-in.ts';

let app: App;
let github: Awaited<ReturnType<typeof startGithubStandIn>>;

beforeAll(async () => {
  github = await startGithubStandIn('gh-client', 'gh-secret');
  app = await buildTestApp({
    GITHUB_CLIENT_ID: 'gh-client',
    GITHUB_CLIENT_SECRET: 'gh-secret',
    GITHUB_URL: github.url,
    GITHUB_API_URL: github.url,
  });
});
afterAll(async () => {
  await app.close();
  await github.close();
});

async function start() {
  const res = await app.inject({ url: '/api/auth/github' });
  const location = new URL(res.headers.location!);
  const cookie = [res.headers['set-cookie']]
    .flat()
    .map(String)
    .find((c) => c.startsWith('github_flow='))!
    .split(';')[0]!;
  return { location, cookie, state: location.searchParams.get('state')! };
}

const octo = {
  id: 583231,
  login: 'octocat',
  name: 'Mona Octocat',
  emails: [
    { email: 'old@octo.example.test', primary: false, verified: false },
    { email: 'mona@octo.example.test', primary: true, verified: true },
  ],
};

describe('GitHub sign-in', () => {
  it('is listed among the configured sign-in providers', async () => {
    expect((await app.inject({ url: '/api/auth/providers' })).json()).toMatchObject({
      github: true,
    });
  });

  it('sends the person to GitHub with state and PKCE, then signs them in', async () => {
    const { location, cookie, state } = await start();
    expect(location.origin + location.pathname).toBe(`${github.url}/login/oauth/authorize`);
    expect(location.searchParams.get('client_id')).toBe('gh-client');
    expect(location.searchParams.get('code_challenge_method')).toBe('S256');
    const code = github.approve(octo);
    const done = await app.inject({
      url: `/api/auth/github/callback?code=${code}&state=${state}`,
      headers: { cookie },
    });
    expect(done.headers.location).toBe('/editor');
    const me = await app.inject({
      url: '/api/auth/user',
      headers: withSession(sessionCookieOf(done)),
    });
    expect(me.json()).toMatchObject({
      email: 'mona@octo.example.test',
      firstName: 'Mona',
      lastName: 'Octocat',
      emailVerified: true,
    });
  });

  it('refuses a wrong state, a used code and an account without a verified e-mail', async () => {
    const first = await start();
    const code = github.approve(octo);
    const wrongState = await app.inject({
      url: `/api/auth/github/callback?code=${code}&state=forged`,
      headers: { cookie: first.cookie },
    });
    expect(wrongState.headers.location).toBe('/login?error=sign_in_failed&provider=github');

    const second = await start();
    const used = await app.inject({
      url: `/api/auth/github/callback?code=never-issued&state=${second.state}`,
      headers: { cookie: second.cookie },
    });
    expect(used.headers.location).toBe('/login?error=sign_in_failed&provider=github');

    const third = await start();
    const unverified = github.approve({
      ...octo,
      id: 1,
      emails: [{ email: 'x@octo.example.test', primary: true, verified: false }],
    });
    const noEmail = await app.inject({
      url: `/api/auth/github/callback?code=${unverified}&state=${third.state}`,
      headers: { cookie: third.cookie },
    });
    expect(noEmail.headers.location).toBe('/login?error=sign_in_failed&provider=github');
    expect(sessionCookieOf(noEmail)).toBeUndefined();
  });
});
