import type { FastifyInstance } from 'fastify';
import * as client from 'openid-client';
import { linkIdentity } from './oidc.service.ts';

export interface GithubFlow {
  state: string;
  verifier: string;
}

const TIMEOUT_MS = 10_000;
export const GITHUB_CALLBACK_PATH = '/api/auth/github/callback';

export async function startGithubFlow(app: FastifyInstance) {
  const github = app.config.github!;
  const flow: GithubFlow = {
    state: client.randomState(),
    verifier: client.randomPKCECodeVerifier(),
  };
  const url = new URL(`${github.webUrl}/login/oauth/authorize`);
  url.search = new URLSearchParams({
    client_id: github.clientId,
    redirect_uri: `${app.config.publicUrl}${GITHUB_CALLBACK_PATH}`,
    scope: 'read:user user:email',
    state: flow.state,
    code_challenge: await client.calculatePKCECodeChallenge(flow.verifier),
    code_challenge_method: 'S256',
  }).toString();
  return { url, flow };
}

async function githubJson<T>(url: string, init: RequestInit): Promise<T> {
  const res = await fetch(url, { ...init, signal: AbortSignal.timeout(TIMEOUT_MS) });
  if (!res.ok) throw new Error(`GitHub answered ${res.status} for ${new URL(url).pathname}`);
  return (await res.json()) as T;
}

/** Exchanges the code, reads the profile and the primary verified e-mail, links the account. */
export async function finishGithubFlow(
  app: FastifyInstance,
  query: Record<string, string>,
  flow: GithubFlow,
) {
  const github = app.config.github!;
  if (!query.code || query.state !== flow.state) throw new Error('GitHub sign-in state mismatch');
  const token = await githubJson<{ access_token?: string; error?: string }>(
    `${github.webUrl}/login/oauth/access_token`,
    {
      method: 'POST',
      headers: { accept: 'application/json', 'content-type': 'application/json' },
      body: JSON.stringify({
        client_id: github.clientId,
        client_secret: github.clientSecret,
        code: query.code,
        redirect_uri: `${app.config.publicUrl}${GITHUB_CALLBACK_PATH}`,
        code_verifier: flow.verifier,
      }),
    },
  );
  if (!token.access_token) throw new Error(`GitHub refused the code: ${token.error ?? 'no token'}`);
  const headers = {
    authorization: `Bearer ${token.access_token}`,
    accept: 'application/vnd.github+json',
    'user-agent': 'Image Lab',
  };
  const [profile, emails] = await Promise.all([
    githubJson<{ id: number; name: string | null; login: string }>(`${github.apiUrl}/user`, {
      headers,
    }),
    githubJson<{ email: string; primary: boolean; verified: boolean }[]>(
      `${github.apiUrl}/user/emails`,
      { headers },
    ),
  ]);
  const primary = emails.find((e) => e.primary && e.verified) ?? emails.find((e) => e.verified);
  const [firstName, ...rest] = (profile.name ?? profile.login).split(' ');
  return linkIdentity(app, 'github', String(profile.id), {
    email: primary?.email,
    emailVerified: Boolean(primary),
    firstName: firstName ?? null,
    lastName: rest.join(' ') || null,
  });
}
