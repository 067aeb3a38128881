import type { QueryClient, QueryKey } from '@tanstack/react-query';
import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useEffectEvent } from 'react';
import {
  announceImagesUpdated,
  subscribeAccountEvent,
  subscribeOtherTabs,
  type AccountEventType,
} from './live/account-events';
import {
  ACTIVE_PROJECT_KEY,
  EDITED_IMAGES_KEY,
  GALLERY_LIST_KEY,
  GALLERY_PAGE_KEY,
  PROJECTS_KEY,
  ROOMS_KEY,
  USER_STATS_KEY,
} from './query-keys';

/** What changed on the server, as the screens care about it. */
export type ServerChange = 'images' | 'projects' | 'rooms' | 'stats';

/** Foundations §9: which data each change makes stale (shown data is fetched again at once). */
const STALE: Record<ServerChange, { key: QueryKey; exact?: boolean }[]> = {
  // A project lists its images and the stats count them.
  images: [
    { key: EDITED_IMAGES_KEY },
    { key: GALLERY_PAGE_KEY },
    { key: GALLERY_LIST_KEY, exact: true },
    { key: USER_STATS_KEY },
    { key: PROJECTS_KEY },
  ],
  projects: [{ key: PROJECTS_KEY }, { key: ACTIVE_PROJECT_KEY }, { key: EDITED_IMAGES_KEY }],
  rooms: [{ key: ROOMS_KEY }],
  stats: [{ key: USER_STATS_KEY }],
};

/**
 * The one path by which a change on the server reaches the screens: this tab's own changes call
 * it after the server answered, and changes from other tabs and devices arrive through
 * `useServerChangesElsewhere`. Images changed here are also announced to this browser's other
 * tabs (other devices hear the server's event).
 */
export function serverChanged(
  queryClient: QueryClient,
  changes: ServerChange | ServerChange[],
  from: 'here' | 'elsewhere' = 'here',
) {
  const list = Array.isArray(changes) ? changes : [changes];
  const refetched = list.flatMap((change) =>
    STALE[change].map(({ key, exact }) => queryClient.invalidateQueries({ queryKey: key, exact })),
  );
  if (from === 'here' && list.includes('images')) announceImagesUpdated();
  // Callers that must show the fresh data before going on (a dialog closing) can wait for it.
  return Promise.all(refetched).then(() => undefined);
}

// The server publishes it (docs/decisions/007-projects.md).
const PROJECTS_UPDATED = 'projects-updated' as AccountEventType;

/** Once per signed-in screen: what other tabs and devices changed comes in by the same path. */
export function useServerChangesElsewhere(enabled = true) {
  const queryClient = useQueryClient();
  const changed = useEffectEvent((change: ServerChange) =>
    serverChanged(queryClient, change, 'elsewhere'),
  );
  useEffect(() => {
    if (!enabled) return undefined;
    const stops = [
      subscribeAccountEvent('images-updated', () => changed('images')),
      subscribeAccountEvent(PROJECTS_UPDATED, () => changed('projects')),
      subscribeOtherTabs(() => changed('images')),
    ];
    return () => stops.forEach((stop) => stop());
  }, [enabled]);
}
