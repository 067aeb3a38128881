import { useEffect, useState } from 'react';

/** Milliseconds since `startedAt`, updated four times a second while `running`. */
export function useElapsed(startedAt: number | undefined, running: boolean): number {
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    if (!running) return;
    const timer = setInterval(() => setNow(Date.now()), 250);
    return () => clearInterval(timer);
  }, [running, startedAt]);
  return startedAt === undefined ? 0 : Math.max(0, now - startedAt);
}
