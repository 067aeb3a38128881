import type { QueryClient } from '@tanstack/react-query';
import { CURRENT_USER_KEY } from '@/hooks/use-current-user';

/**
 * The server puts who is signed in into the page it sends (platform/web-session.ts): with it the
 * first paint is the person's screen, not the signed-out landing while /api/auth/user answers.
 * A block that is missing or unreadable changes nothing: the app asks as before.
 */
export function seedSessionUser(doc: Pick<Document, 'getElementById'>, client: QueryClient) {
  const text = doc.getElementById('session-user')?.textContent;
  if (!text) return false;
  try {
    client.setQueryData(CURRENT_USER_KEY, JSON.parse(text) as unknown);
    return true;
  } catch {
    return false;
  }
}
