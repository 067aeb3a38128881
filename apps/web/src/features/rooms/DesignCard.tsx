import type { RoomUpload } from '@image-lab/contract';
import { Download, Eye, Pencil, Trash2 } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Button } from '@/components/ui/button';
import { Card } from '@/components/ui/card';
import { designImages, downloadUrl } from './api';
import { DesignImages, StatusBadge } from './DesignImages';

/** The short form of a design's id shown as 'Room Design #id'. */
export const shortId = (id: string) => id.slice(0, 8);

export function DesignCard({
  design,
  onView,
  onEdit,
  onDelete,
}: {
  design: RoomUpload;
  onView(): void;
  onEdit(): void;
  /** Absent for a read-only viewer of a shared account. */
  onDelete?(): void;
}) {
  const { t, i18n } = useTranslation();
  const created = new Date(design.createdAt);
  const best = designImages(design).at(-1)!;
  return (
    <Card className="grid gap-4 p-4 sm:p-5" data-testid="design-card">
      <div className="flex flex-wrap items-center gap-x-3 gap-y-1">
        <h2 className="font-semibold">
          {t('roomDesign.designNumber', { id: shortId(design.id) })}
        </h2>
        <StatusBadge status={design.status} />
        <span className="text-sm text-muted-foreground">
          {created.toLocaleDateString(i18n.language)} ·{' '}
          {created.toLocaleTimeString(i18n.language, { hour: '2-digit', minute: '2-digit' })}
        </span>
        <div className="ml-auto flex flex-wrap gap-1.5">
          <Button size="sm" variant="outline" onClick={onView}>
            <Eye />
            {t('roomDesign.view')}
          </Button>
          <Button asChild size="sm" variant="outline">
            <a href={downloadUrl(best.url, `room-design-${shortId(design.id)}`)} download>
              <Download />
              {t('roomDesign.download')}
            </a>
          </Button>
          <Button size="sm" variant="outline" onClick={onEdit}>
            <Pencil />
            {t('roomDesign.edit')}
          </Button>
          {onDelete && (
            <Button size="sm" variant="outline" className="text-destructive" onClick={onDelete}>
              <Trash2 />
              {t('roomDesign.delete')}
            </Button>
          )}
        </div>
      </div>
      <DesignImages design={design} compact />
    </Card>
  );
}
