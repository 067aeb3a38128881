import { toast } from '@/hooks/use-toast';
import { apiRequest } from '@/lib/queryClient';

/** The `message` of a JSON error answer (errors read "status: body"), if there is one. */
export function serverMessage(error: unknown): string | undefined {
  if (!(error instanceof Error)) return undefined;
  const body = error.message.replace(/^\d{3}: /, '');
  try {
    const parsed = JSON.parse(body) as { message?: unknown };
    return typeof parsed.message === 'string' ? parsed.message : undefined;
  } catch {
    return undefined;
  }
}

/** Whether the call reached the server at all (a rejected fetch is a network failure). */
export const isNetworkError = (error: unknown) =>
  error instanceof TypeError || (error instanceof Error && !/^\d{3}: /.test(error.message));

export async function postJson<T>(url: string, body: unknown): Promise<T> {
  const res = await apiRequest('POST', url, body);
  return (await res.json()) as T;
}

/** The error toast of the catalogue: a title, and the server's message or a fallback. */
export function toastError(title: string, error: unknown, fallback?: string) {
  toast({ title, description: serverMessage(error) ?? fallback, variant: 'destructive' });
}
