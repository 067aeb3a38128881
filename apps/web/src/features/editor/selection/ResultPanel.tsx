import { ChangeMapToggle } from './ChangeMapToggle';
import { ClauseReportPanel } from './ClauseReportPanel';
import type { StoredReport } from './report-store';
import type { ChangeMapState } from './use-change-map';

/**
 * Under the picture on the canvas: its per-clause report, and the change-map toggle when it has
 * a step before it to compare with.
 */
export function ResultPanel({
  report,
  hasParent,
  changes,
}: {
  report: StoredReport | undefined;
  hasParent: boolean;
  changes: { on: boolean; state: ChangeMapState; toggle(): void };
}) {
  const toggle = hasParent ? (
    <ChangeMapToggle on={changes.on} state={changes.state} onToggle={changes.toggle} />
  ) : undefined;
  if (report) return <ClauseReportPanel report={report} actions={toggle} />;
  if (!toggle) return null;
  return <div className="flex flex-wrap items-center justify-end gap-2">{toggle}</div>;
}

/** The change map drawn over the picture, in the same place (object-fit: contain). */
export function ChangeMapOverlay({ state }: { state: ChangeMapState }) {
  if (state.status !== 'ready') return null;
  return (
    <img
      src={state.url}
      alt=""
      aria-hidden
      data-testid="change-map"
      className="pointer-events-none absolute inset-3 z-[3] size-[calc(100%-1.5rem)] object-contain"
    />
  );
}
