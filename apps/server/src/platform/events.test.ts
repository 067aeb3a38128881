import crypto from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { LocalEventBus, RedisEventBus, type AccountEvent, type EventBus } from './events.ts';

const redisUrl = process.env.REDIS_URL;

function nextEvent(bus: EventBus, accountId: string): Promise<AccountEvent> {
  return new Promise((resolve) => {
    void bus.subscribe(accountId, resolve);
  });
}

describe('LocalEventBus', () => {
  it('delivers an event only to the subscribers of that account', async () => {
    const bus = new LocalEventBus();
    const seenByOther: AccountEvent[] = [];
    await bus.subscribe('other', (e) => seenByOther.push(e));
    const got = nextEvent(bus, 'me');
    await bus.publish('me', { type: 'images-updated', data: { id: 1 } });
    expect(await got).toEqual({ type: 'images-updated', data: { id: 1 } });
    expect(seenByOther).toEqual([]);
    await bus.close();
  });

  it('stops delivering after unsubscribe', async () => {
    const bus = new LocalEventBus();
    const seen: AccountEvent[] = [];
    const off = await bus.subscribe('me', (e) => seen.push(e));
    off();
    await bus.publish('me', { type: 'x' });
    expect(seen).toEqual([]);
  });
});

// Runs where a Redis server is configured (CI sets REDIS_URL).
if (redisUrl)
  describe('RedisEventBus (REDIS_URL)', () => {
    it('fans an event out from one process to another', async () => {
      const a = new RedisEventBus(redisUrl!);
      const b = new RedisEventBus(redisUrl!);
      const account = crypto.randomUUID();
      const received = new Promise<AccountEvent>((resolve) => {
        void b.subscribe(account, resolve);
      });
      // Subscription is asynchronous on the Redis side: publish until it lands.
      let delivered: AccountEvent | undefined;
      void received.then((e) => (delivered = e));
      for (let i = 0; i < 50 && !delivered; i++) {
        await a.publish(account, { type: 'credits-changed', data: { creditsRemaining: 5 } });
        await new Promise((r) => setTimeout(r, 20));
      }
      expect(await received).toEqual({ type: 'credits-changed', data: { creditsRemaining: 5 } });
      await Promise.all([a.close(), b.close()]);
    });
  });
