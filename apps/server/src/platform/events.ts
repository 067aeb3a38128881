import { EventEmitter } from 'node:events';
import { Redis } from 'ioredis';

/** Something that happened to an account, pushed to its open tabs and devices over SSE. */
export interface AccountEvent {
  type: string;
  data?: unknown;
}

export type Unsubscribe = () => void;

export interface EventBus {
  readonly kind: 'local' | 'redis';
  publish(accountId: string, event: AccountEvent): Promise<void>;
  subscribe(accountId: string, listener: (event: AccountEvent) => void): Promise<Unsubscribe>;
  close(): Promise<void>;
}

/** One process: an in-memory emitter. */
export class LocalEventBus implements EventBus {
  readonly kind = 'local' as const;
  private readonly emitter = new EventEmitter().setMaxListeners(0);

  async publish(accountId: string, event: AccountEvent): Promise<void> {
    this.emitter.emit(accountId, event);
  }

  async subscribe(accountId: string, listener: (event: AccountEvent) => void) {
    this.emitter.on(accountId, listener);
    return () => void this.emitter.off(accountId, listener);
  }

  async close(): Promise<void> {
    this.emitter.removeAllListeners();
  }
}

const channelOf = (accountId: string) => `image-lab:events:${accountId}`;

/** Several server processes: fan-out through Redis pub/sub, one channel per account. */
export class RedisEventBus implements EventBus {
  readonly kind = 'redis' as const;
  private readonly publisher: Redis;
  private readonly subscriber: Redis;
  private readonly local = new EventEmitter().setMaxListeners(0);
  private readonly refCounts = new Map<string, number>();

  constructor(url: string, onError: (error: Error) => void = () => undefined) {
    this.publisher = new Redis(url, { lazyConnect: false, maxRetriesPerRequest: 3 });
    // No ready check (INFO) on the subscriber: a SUBSCRIBE sent while connecting puts the
    // connection in subscriber mode, where INFO is refused and the connection would error.
    this.subscriber = new Redis(url, {
      lazyConnect: false,
      maxRetriesPerRequest: 3,
      enableReadyCheck: false,
    });
    // ioredis reconnects by itself; without a listener a dropped connection would be thrown.
    this.publisher.on('error', onError);
    this.subscriber.on('error', onError);
    this.subscriber.on('message', (channel: string, message: string) => {
      try {
        this.local.emit(channel, JSON.parse(message) as AccountEvent);
      } catch {
        // A foreign or corrupt message on our channel is ignored rather than crashing.
      }
    });
  }

  async publish(accountId: string, event: AccountEvent): Promise<void> {
    await this.publisher.publish(channelOf(accountId), JSON.stringify(event));
  }

  async subscribe(accountId: string, listener: (event: AccountEvent) => void) {
    const channel = channelOf(accountId);
    this.local.on(channel, listener);
    const count = (this.refCounts.get(channel) ?? 0) + 1;
    this.refCounts.set(channel, count);
    if (count === 1) await this.subscriber.subscribe(channel);
    return () => {
      this.local.off(channel, listener);
      const left = (this.refCounts.get(channel) ?? 1) - 1;
      if (left > 0) {
        this.refCounts.set(channel, left);
        return;
      }
      this.refCounts.delete(channel);
      void this.subscriber.unsubscribe(channel).catch(() => undefined);
    };
  }

  async close(): Promise<void> {
    this.local.removeAllListeners();
    await Promise.allSettled([this.publisher.quit(), this.subscriber.quit()]);
  }
}

export function createEventBus(
  redisUrl: string | undefined,
  onError?: (error: Error) => void,
): EventBus {
  return redisUrl ? new RedisEventBus(redisUrl, onError) : new LocalEventBus();
}

/**
 * A person's own channel for changes of what they may see: a share removed or its role changed,
 * a switch of account. Their open streams end on it, and the screens reload what they show.
 */
export const accessChannel = (userId: string) => `access:${userId}`;

/** Tells every open stream of these people, in every process, that their access changed. */
export async function announceAccessChange(events: EventBus, userIds: (string | null)[]) {
  const people = [...new Set(userIds.filter((id): id is string => Boolean(id)))];
  await Promise.all(
    people.map((id) => events.publish(accessChannel(id), { type: 'access-changed' })),
  );
}
