import type { EditedImageRecord } from '@image-lab/contract';
import { useQueryClient } from '@tanstack/react-query';
import { EDITED_IMAGES_KEY } from '@/lib/images/images-api';
import { GuestBatch } from '@/features/batch/GuestBatch';
import { GuestGalleryNotice } from './GalleryStates';
import { GalleryView } from './GalleryView';

/**
 * What the editor's Gallery tab loads on demand. 'Edit' finds the image among the editor's
 * records (a gallery id is an edit-history id) and goes back to the Canvas with it.
 */
export function GalleryScreen({
  guest,
  records,
  onEdit,
  onCanvas,
}: {
  guest: boolean;
  records: readonly EditedImageRecord[] | undefined;
  onEdit(record: EditedImageRecord): void;
  onCanvas(): void;
}) {
  const queryClient = useQueryClient();
  if (guest) {
    return (
      <div className="grid gap-4">
        <GuestGalleryNotice />
        <GuestBatch />
      </div>
    );
  }
  const edit = async (id: string) => {
    let record = records?.find((r) => r.id === id);
    if (!record) {
      // Made in another tab a moment ago: read the history again before choosing it.
      const fresh = await queryClient
        .fetchQuery<EditedImageRecord[]>({ queryKey: EDITED_IMAGES_KEY, staleTime: 0 })
        .catch(() => undefined);
      record = fresh?.find((r) => r.id === id);
    }
    if (record) onEdit(record);
    onCanvas();
  };
  return <GalleryView onEdit={(id) => void edit(id)} />;
}
