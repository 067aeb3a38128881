import type { ClauseReport, EditedImageRecord, EditImageResponse } from '@image-lab/contract';
import { useCallback, useState } from 'react';
import { noteReport, parseReportBook, REPORTS_KEY, type StoredReport } from './report-store';

function readBook() {
  try {
    return parseReportBook(localStorage.getItem(REPORTS_KEY));
  } catch {
    return {};
  }
}

/**
 * The per-clause reports of this browser's edits, by result id, kept across reloads; and the
 * report of the last attempt that did nothing, shown with the image it was tried on.
 */
export function useEditReports() {
  const [book, setBook] = useState(readBook);
  const [refused, setRefused] = useState<{ imageId: string; report: StoredReport } | null>(null);
  const remember = useCallback((imageIds: readonly string[], report: StoredReport) => {
    setRefused(null);
    setBook((old) => {
      const next = noteReport(old, imageIds, report, Date.now());
      try {
        localStorage.setItem(REPORTS_KEY, JSON.stringify(next));
      } catch {
        // Private mode or a full store: the report still shows for this visit.
      }
      return next;
    });
  }, []);
  /** Nothing was done on this image (and nothing charged): why, per clause. */
  const noteRefusal = useCallback((imageId: string, clauses: ClauseReport[]) => {
    setRefused({ imageId, report: { clauses, creditsUsed: 0 } });
  }, []);
  const forget = useCallback(() => setRefused(null), []);
  /** Keeps an answer's report; returns what older answers, without one, list as skipped. */
  const noteAnswer = ({ clauses, creditsUsed, images, unsupported }: EditImageResponse) => {
    if (!clauses?.length) return unsupported;
    remember(
      images.map((i) => i.id),
      { clauses, creditsUsed },
    );
    return [];
  };
  /** A refusal on this image, else what this browser noted, else what the server kept. */
  const reportFor = (image: EditedImageRecord | undefined): StoredReport | undefined => {
    if (!image) return undefined;
    return refused?.imageId === image.id ? refused.report : (book[image.id] ?? image.report);
  };
  return { noteAnswer, noteRefusal, forget, reportFor };
}
