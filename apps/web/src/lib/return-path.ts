/**
 * Where to go after signing in: a path of this site only (`/stats?x=1`), never another origin
 * (`//evil.example`, `/\evil.example`, `https://…`), so a crafted link cannot send a person away.
 */
export function safeReturnPath(value: string | null | undefined): string | null {
  if (!value || value.length > 512) return null;
  if (!value.startsWith('/') || value.startsWith('//') || value.startsWith('/\\')) return null;
  try {
    const url = new URL(value, 'https://image-lab.invalid');
    if (url.origin !== 'https://image-lab.invalid') return null;
    return `${url.pathname}${url.search}${url.hash}`;
  } catch {
    return null;
  }
}

/** The sign-in page's address that comes back to `path` afterwards. */
export const signInFor = (path: string) => `/login?next=${encodeURIComponent(path)}`;
