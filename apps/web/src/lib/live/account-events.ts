import { useEffect, useEffectEvent } from 'react';

/** `access-changed`: a share of the acting account was removed or its role changed; the stream ends. */
export type AccountEventType =
  'images-updated' | 'job-progress' | 'batch-progress' | 'credits-updated' | 'access-changed';
type Handler = (data: unknown) => void;

const handlers = new Map<AccountEventType, Set<Handler>>();
let source: EventSource | null = null;
const listening = new Set<AccountEventType>();

function parse(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return null;
  }
}

function listen(type: AccountEventType) {
  if (!source || listening.has(type)) return;
  listening.add(type);
  source.addEventListener(type, (event) => {
    const data = parse((event as MessageEvent<string>).data);
    handlers.get(type)?.forEach((handler) => handler(data));
  });
}

function subscribers() {
  let count = 0;
  handlers.forEach((set) => (count += set.size));
  return count;
}

/**
 * One stream of /api/events per tab, however many parts of the screen listen; it opens with the
 * first listener and closes with the last. The browser reconnects on its own after a drop.
 */
export function subscribeAccountEvent(type: AccountEventType, handler: Handler): () => void {
  if (typeof EventSource === 'undefined') return () => undefined;
  if (!source) {
    source = new EventSource('/api/events');
    listening.clear();
    handlers.forEach((_, known) => listen(known));
  }
  const set = handlers.get(type) ?? new Set();
  set.add(handler);
  handlers.set(type, set);
  listen(type);
  return () => {
    set.delete(handler);
    if (subscribers() === 0) {
      source?.close();
      source = null;
    }
  };
}

/** Calls `onEvent` with the event's data for as long as the component is mounted. */
export function useAccountEvent(
  type: AccountEventType,
  onEvent: (data: unknown) => void,
  enabled = true,
) {
  const handle = useEffectEvent(onEvent);
  useEffect(
    () => (enabled ? subscribeAccountEvent(type, (data) => handle(data)) : undefined),
    [type, enabled],
  );
}

const CHANNEL = 'images-updated';
const tabListeners = new Set<() => void>();
let channel: BroadcastChannel | null = null;

// One channel per tab for sending and receiving, so a tab never hears its own announcements.
function tabChannel(): BroadcastChannel | null {
  if (typeof BroadcastChannel === 'undefined') return null;
  if (!channel) {
    channel = new BroadcastChannel(CHANNEL);
    channel.onmessage = () => tabListeners.forEach((listener) => listener());
  }
  return channel;
}

/** Tells the other tabs of this browser that the images changed (they refetch). */
export function announceImagesUpdated() {
  tabChannel()?.postMessage({ at: Date.now() });
}

/** Calls `listener` when another tab of this browser announces changed images. */
export function subscribeOtherTabs(listener: () => void): () => void {
  tabChannel();
  tabListeners.add(listener);
  return () => void tabListeners.delete(listener);
}
