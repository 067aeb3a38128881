import { apiErrorOf } from './api-error';

/** The one way the web app calls its API: a non-OK answer throws an ApiError. */
export async function throwIfResNotOk(res: Response): Promise<void> {
  if (!res.ok) throw await apiErrorOf(res);
}

/** A write: JSON body, or the FormData as it is when a file is attached. */
export async function apiRequest(method: string, url: string, data?: unknown): Promise<Response> {
  const isForm = typeof FormData !== 'undefined' && data instanceof FormData;
  const res = await fetch(url, {
    method,
    credentials: 'include',
    headers: data !== undefined && !isForm ? { 'Content-Type': 'application/json' } : {},
    body: data === undefined ? undefined : isForm ? (data as FormData) : JSON.stringify(data),
  });
  await throwIfResNotOk(res);
  return res;
}

export async function postJson<T>(url: string, body: unknown): Promise<T> {
  const res = await apiRequest('POST', url, body);
  return (await res.json()) as T;
}

/** A read outside the query cache (`init` for a signal or a cache mode). */
export async function getJson<T>(url: string, init: RequestInit = {}): Promise<T> {
  const res = await fetch(url, { credentials: 'include', ...init });
  await throwIfResNotOk(res);
  return (await res.json()) as T;
}
