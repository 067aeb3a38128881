import type { ClauseReport } from '@image-lab/contract';

/** What an edit reported about its prompt, kept with each result it made. */
export interface StoredReport {
  clauses: ClauseReport[];
  creditsUsed: number;
}

export type ReportBook = Record<string, StoredReport & { at: number }>;

/**
 * localStorage key: this browser's reports, shown at once; the server also keeps each result's
 * report (`EditedImageRecord.report`) for other devices (docs/decisions/024).
 */
export const REPORTS_KEY = 'editReports';
/** Reports beyond this many results are dropped, oldest first, so the key stays small. */
export const MAX_REPORTS = 200;

/** The book with `report` noted for every result id; the oldest entries go past the limit. */
export function noteReport(
  book: ReportBook,
  imageIds: readonly string[],
  report: StoredReport,
  at: number,
  limit = MAX_REPORTS,
): ReportBook {
  const next: ReportBook = { ...book };
  for (const id of imageIds) next[id] = { ...report, at };
  const ids = Object.keys(next);
  if (ids.length <= limit) return next;
  const oldest = ids.sort((a, b) => next[a]!.at - next[b]!.at).slice(0, ids.length - limit);
  for (const id of oldest) delete next[id];
  return next;
}

/** A stored book, or an empty one when the stored text is missing or not ours. */
export function parseReportBook(text: string | null): ReportBook {
  if (!text) return {};
  try {
    const value = JSON.parse(text) as unknown;
    if (!value || typeof value !== 'object' || Array.isArray(value)) return {};
    const book: ReportBook = {};
    for (const [id, entry] of Object.entries(value as Record<string, unknown>)) {
      const e = entry as Partial<ReportBook[string]> | null;
      if (e && Array.isArray(e.clauses) && typeof e.creditsUsed === 'number') {
        book[id] = { clauses: e.clauses, creditsUsed: e.creditsUsed, at: Number(e.at) || 0 };
      }
    }
    return book;
  } catch {
    return {};
  }
}
