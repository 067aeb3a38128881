import type { EditedImageRecord } from '@image-lab/contract';

// A guest's history lives in this browser only; the server keeps the files for a day.
const KEY = 'image-lab.guest-images';
const LIFETIME_MS = 23 * 3600_000;
const MAX_RECORDS = 100;

export const GUEST_IMAGES_KEY = ['guest-images'];

function isRecord(value: unknown): value is EditedImageRecord {
  const r = value as Partial<EditedImageRecord> | null;
  return (
    typeof r === 'object' &&
    r !== null &&
    typeof r.id === 'string' &&
    typeof r.imageUrl === 'string' &&
    r.imageUrl.startsWith('/uploads/guests/') &&
    typeof r.createdAt === 'string'
  );
}

/** The guest's records still within the files' lifetime, newest first. */
export function readGuestRecords(now = Date.now()): EditedImageRecord[] {
  let parsed: unknown;
  try {
    parsed = JSON.parse(localStorage.getItem(KEY) ?? '[]');
  } catch {
    return [];
  }
  if (!Array.isArray(parsed)) return [];
  return parsed
    .filter(isRecord)
    .filter((r) => now - Date.parse(r.createdAt) < LIFETIME_MS)
    .sort((a, b) => Date.parse(b.createdAt) - Date.parse(a.createdAt));
}

/** Adds records (a known id is replaced), keeping at most 100 like the gallery client. */
export function addGuestRecords(records: readonly EditedImageRecord[]): EditedImageRecord[] {
  const ids = new Set(records.map((r) => r.id));
  const next = [...records, ...readGuestRecords().filter((r) => !ids.has(r.id))].slice(
    0,
    MAX_RECORDS,
  );
  try {
    localStorage.setItem(KEY, JSON.stringify(next));
  } catch {
    // Quota or private mode: the history still shows for this page's lifetime.
  }
  return next;
}

export function clearGuestRecords() {
  try {
    localStorage.removeItem(KEY);
  } catch {
    // Nothing stored.
  }
}
