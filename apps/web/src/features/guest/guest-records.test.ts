import type { EditedImageRecord } from '@image-lab/contract';
import { beforeEach, describe, expect, it } from 'vitest';
import { addGuestRecords, readGuestRecords } from './guest-records';

const record = (id: string, hoursAgo: number, url = `/uploads/guests/ab/${id}.jpg`) =>
  ({
    id,
    imageUrl: url,
    image_url: url,
    prompt: 'p',
    imageType: 'generated',
    originalImageUrl: null,
    parentId: null,
    parentImageUrl: null,
    projectId: null,
    sessionId: null,
    model: 'local:edit',
    width: 10,
    height: 10,
    aspectRatio: '1:1',
    createdAt: new Date(Date.now() - hoursAgo * 3600_000).toISOString(),
    created_at: '',
  }) as EditedImageRecord;

// The web unit tests run in Node: a Map stands in for the browser's storage.
const store = new Map<string, string>();
globalThis.localStorage = {
  getItem: (k: string) => store.get(k) ?? null,
  setItem: (k: string, v: string) => void store.set(k, String(v)),
  removeItem: (k: string) => void store.delete(k),
  clear: () => store.clear(),
  key: (i: number) => [...store.keys()][i] ?? null,
  get length() {
    return store.size;
  },
} as Storage;

beforeEach(() => localStorage.clear());

describe('guest records', () => {
  it('keeps records newest first and replaces a known id', () => {
    addGuestRecords([record('a', 2)]);
    addGuestRecords([record('b', 1)]);
    addGuestRecords([{ ...record('a', 2), prompt: 'changed' }]);
    const read = readGuestRecords();
    expect(read.map((r) => r.id)).toEqual(['b', 'a']);
    expect(read[1]!.prompt).toBe('changed');
  });

  it('drops records whose files the server has removed, and foreign addresses', () => {
    addGuestRecords([
      record('old', 30),
      record('new', 1),
      record('x', 1, '/uploads/images/u/x.jpg'),
    ]);
    expect(readGuestRecords().map((r) => r.id)).toEqual(['new']);
  });

  it('survives damaged storage', () => {
    localStorage.setItem('image-lab.guest-images', '{not json');
    expect(readGuestRecords()).toEqual([]);
    localStorage.setItem('image-lab.guest-images', '{"a":1}');
    expect(readGuestRecords()).toEqual([]);
  });
});
