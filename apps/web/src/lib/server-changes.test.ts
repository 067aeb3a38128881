import { QueryClient } from '@tanstack/react-query';
import { afterEach, describe, expect, it } from 'vitest';
import {
  ACTIVE_PROJECT_KEY,
  EDITED_IMAGES_KEY,
  GALLERY_LIST_KEY,
  GALLERY_PAGE_KEY,
  PROJECTS_KEY,
  ROOMS_KEY,
  USER_STATS_KEY,
} from './query-keys';
import { serverChanged } from './server-changes';

const KEYS = {
  images: EDITED_IMAGES_KEY,
  galleryPage: [...GALLERY_PAGE_KEY, 'all', null],
  galleryList: GALLERY_LIST_KEY,
  stats: USER_STATS_KEY,
  projects: PROJECTS_KEY,
  active: ACTIVE_PROJECT_KEY,
  rooms: ROOMS_KEY,
};

function seeded() {
  const client = new QueryClient();
  for (const key of Object.values(KEYS)) client.setQueryData(key, { seeded: true });
  const stale = () =>
    Object.entries(KEYS)
      .filter(([, key]) => client.getQueryState(key)?.isInvalidated)
      .map(([name]) => name);
  return { client, stale };
}

let listener: BroadcastChannel | undefined;
afterEach(() => listener?.close());

describe('the one path of server changes to the screens', () => {
  it('makes stale everything an image change shows, and tells the other tabs', async () => {
    const { client, stale } = seeded();
    listener = new BroadcastChannel('images-updated');
    const heard = new Promise((resolve) => (listener!.onmessage = resolve));
    serverChanged(client, 'images');
    expect(stale()).toEqual(['images', 'galleryPage', 'galleryList', 'stats', 'projects']);
    await expect(heard).resolves.toBeTruthy();
  });

  it('makes stale only what a project, a room or the stats change shows', () => {
    const projects = seeded();
    serverChanged(projects.client, 'projects');
    expect(projects.stale()).toEqual(['images', 'projects', 'active']);
    const rooms = seeded();
    serverChanged(rooms.client, ['rooms', 'stats'], 'elsewhere');
    expect(rooms.stale()).toEqual(['stats', 'rooms']);
  });
});
