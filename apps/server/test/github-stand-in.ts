import http from 'node:http';
import type { AddressInfo } from 'node:net';

export interface GithubUser {
  id: number;
  login: string;
  name: string | null;
  emails: { email: string; primary: boolean; verified: boolean }[];
}

/**
 * GitHub cannot be reached from here, so this local server answers the three calls a GitHub
 * OAuth app makes, in GitHub's wire format: POST /login/oauth/access_token (JSON with
 * `access_token`, or 200 with `error` for a bad code, as GitHub does), GET /user, GET /user/emails.
 */
export async function startGithubStandIn(clientId: string, clientSecret: string) {
  const codes = new Map<string, GithubUser>();
  const tokens = new Map<string, GithubUser>();
  const server = http.createServer((req, res) => {
    const send = (status: number, body: unknown) =>
      res.writeHead(status, { 'content-type': 'application/json' }).end(JSON.stringify(body));
    let raw = '';
    req.on('data', (chunk: Buffer) => (raw += chunk.toString()));
    req.on('end', () => {
      if (req.method === 'POST' && req.url === '/login/oauth/access_token') {
        const body = JSON.parse(raw || '{}') as Record<string, string>;
        const user = codes.get(body.code ?? '');
        if (body.client_id !== clientId || body.client_secret !== clientSecret) {
          return send(200, { error: 'incorrect_client_credentials' });
        }
        if (!user) return send(200, { error: 'bad_verification_code' });
        codes.delete(body.code!);
        const token = `gho_${Math.random().toString(36).slice(2)}`;
        tokens.set(token, user);
        return send(200, {
          access_token: token,
          token_type: 'bearer',
          scope: 'read:user,user:email',
        });
      }
      const user = tokens.get((req.headers.authorization ?? '').replace(/^Bearer /, ''));
      if (!user) return send(401, { message: 'Bad credentials' });
      if (req.url === '/user')
        return send(200, { id: user.id, login: user.login, name: user.name });
      if (req.url === '/user/emails') return send(200, user.emails);
      return send(404, { message: 'Not Found' });
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return {
    url,
    /** What GitHub does when the person approves: a one-time code for that user. */
    approve(user: GithubUser) {
      const code = Math.random().toString(36).slice(2);
      codes.set(code, user);
      return code;
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
