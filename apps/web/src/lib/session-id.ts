/** A per-user session id, "session-<timestamp>-<random>" (working areas §3). */
export function newSessionId(now = Date.now(), random = Math.random()): string {
  return `session-${now}-${random.toString(36).slice(2, 11)}`;
}

/** The stored session id of this user on this browser, made on first use. */
export function sessionIdFor(userId: string): string {
  const key = `sessionId:${userId}`;
  try {
    const stored = localStorage.getItem(key);
    if (stored) return stored;
    const fresh = newSessionId();
    localStorage.setItem(key, fresh);
    return fresh;
  } catch {
    return newSessionId();
  }
}
