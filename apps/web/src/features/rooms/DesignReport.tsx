import type { RoomStyleReport, RoomUpload } from '@image-lab/contract';
import { useTranslation } from 'react-i18next';

type Pieces = NonNullable<RoomUpload['pieces']>;

/** 'a, b and c' in the page's language. */
function useList() {
  const { i18n } = useTranslation();
  const format = new Intl.ListFormat(i18n.language, { type: 'conjunction' });
  return (items: string[]) => format.format(items);
}

function usePieceName() {
  const { t } = useTranslation();
  return (label: string) => t(`roomDesign.piece.${label}`, { defaultValue: label });
}

/** What the removal did: how many pieces came out, which stayed and why. */
export function RemovalSummary({ pieces }: { pieces: Pieces }) {
  const { t } = useTranslation();
  const list = useList();
  const name = usePieceName();
  const removed = pieces.filter((p) => p.removed).length;
  const kept = [...new Set(pieces.filter((p) => !p.removed).map((p) => name(p.label)))];
  return (
    <p data-testid="removal-report" className="text-xs text-muted-foreground">
      {t('roomDesign.report.removed', { removed, total: pieces.length })}
      {kept.length > 0 ? ` ${t('roomDesign.report.keptTooLarge', { pieces: list(kept) })}` : ''}
    </p>
  );
}

/** What one style changed, or that a hosted model restaged the room. */
export function StyleReportLine({
  report,
  style,
}: {
  report: RoomStyleReport | null;
  style: string;
}) {
  const { t } = useTranslation();
  const list = useList();
  const name = usePieceName();
  if (!report) {
    return (
      <p data-testid="variation-report" className="text-xs text-muted-foreground">
        {t('roomDesign.report.restaged')}
      </p>
    );
  }
  const parts = [
    ...report.changed
      .filter((c) => c === 'walls' || c === 'floor')
      .map((c) => t(`roomDesign.report.part.${c}`)),
    ...[...new Set(report.pieces)].map(name),
  ];
  const sentences = [
    parts.length > 0
      ? t('roomDesign.report.recoloured', {
          parts: list(parts),
          style: t(`roomDesign.styles.${style}`),
        })
      : t('roomDesign.report.nothingRecoloured'),
  ];
  if (report.changed.includes('light')) sentences.push(t('roomDesign.report.light'));
  if (report.kept.length > 0) {
    sentences.push(
      t('roomDesign.report.kept', {
        parts: list(report.kept.map((k) => t(`roomDesign.report.keptPart.${k}`))),
      }),
    );
  }
  return (
    <p data-testid="variation-report" className="text-xs text-muted-foreground">
      {sentences.map((s) => s.charAt(0).toLocaleUpperCase() + s.slice(1)).join(' ')}
    </p>
  );
}

/** Whether the styles are the local engine's approximations or a hosted model's restaging. */
export function EngineNote({ design }: { design: Pick<RoomUpload, 'variations'> }) {
  const { t } = useTranslation();
  const local = design.variations.some((v) => v.report);
  const hosted = design.variations.some((v) => v.report === null);
  if (!local && !hosted) return null;
  return (
    <p data-testid="engine-note" className="max-w-3xl text-sm text-muted-foreground">
      {local ? t('roomDesign.report.localNote') : t('roomDesign.report.restaged')}
    </p>
  );
}
