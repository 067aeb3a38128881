import type { Batch } from '@image-lab/contract';
import { useQueryClient } from '@tanstack/react-query';
import { FolderUp, Loader2 } from 'lucide-react';
import { useRef, useState, type DragEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { toast } from '@/hooks/use-toast';
import { activeProjectId } from '@/lib/active-project';
import { serverChanged } from '@/lib/server-changes';
import { uploadForBatch, type UploadProgress } from './batch-api';
import { batchErrorText } from './batch-errors';
import { BatchDialog, type BatchImages } from './BatchDialog';
import { filesOfDrop, sortDropped } from './dropped-files';

const hasFiles = (event: DragEvent) => Array.from(event.dataTransfer.types).includes('Files');

/**
 * Images for a batch that are not in the gallery yet: a folder or a zip dropped on the gallery,
 * or chosen with a picker. They are uploaded (checked whole by the server), then the batch
 * dialog opens with them. Also the dialog for images selected in the gallery (`applyTo`).
 */
export function useBatchIntake({
  guest,
  onStarted,
}: {
  guest: boolean;
  onStarted(batch: Batch): void;
}) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const folderInput = useRef<HTMLInputElement>(null);
  const filesInput = useRef<HTMLInputElement>(null);
  const [dragging, setDragging] = useState(false);
  const [upload, setUpload] = useState<UploadProgress | null>(null);
  const [images, setImages] = useState<BatchImages | null>(null);

  const take = async (files: File[]) => {
    const sorted = sortDropped(files);
    if (sorted.kind === 'refused') {
      toast({
        title: t('batch.errors.dropTitle'),
        description: t(`batch.drop.${sorted.reason}`, { count: sorted.count ?? 0, max: 100 }),
        variant: 'destructive',
      });
      return;
    }
    setUpload({ sent: 0, total: sorted.kind === 'zip' ? 1 : sorted.images.length });
    try {
      const answer = await uploadForBatch(
        sorted.kind === 'zip' ? { zip: sorted.zip, images: [] } : { images: sorted.images },
        guest ? null : (activeProjectId() ?? null),
        setUpload,
      );
      if (!guest) serverChanged(queryClient, 'images', 'here');
      const leftOut = [...(sorted.kind === 'images' ? sorted.leftOut : []), ...answer.skipped];
      if (leftOut.length > 0) {
        toast({
          title: t('batch.drop.leftOutTitle', { count: leftOut.length }),
          description: leftOut.slice(0, 5).join(', '),
        });
      }
      setImages(
        guest
          ? { urls: answer.images.map((i) => i.imageUrl) }
          : { ids: answer.images.map((i) => i.id) },
      );
    } catch (error) {
      toast({
        title: t('batch.errors.uploadTitle'),
        description: batchErrorText(t, error),
        variant: 'destructive',
      });
    } finally {
      setUpload(null);
    }
  };

  const dropHandlers = {
    onDragEnter: (event: DragEvent) => {
      if (hasFiles(event)) setDragging(true);
    },
    onDragOver: (event: DragEvent) => {
      if (!hasFiles(event)) return;
      event.preventDefault();
      event.dataTransfer.dropEffect = 'copy';
    },
    onDragLeave: (event: DragEvent) => {
      if (!event.currentTarget.contains(event.relatedTarget as Node | null)) setDragging(false);
    },
    onDrop: (event: DragEvent) => {
      if (!hasFiles(event)) return;
      event.preventDefault();
      setDragging(false);
      void filesOfDrop(event.dataTransfer).then(take);
    },
  };

  const pickerChange = (event: React.ChangeEvent<HTMLInputElement>) => {
    const files = Array.from(event.target.files ?? []).map((file) =>
      file.webkitRelativePath
        ? new File([file], file.webkitRelativePath, { type: file.type })
        : file,
    );
    event.target.value = '';
    void take(files);
  };

  const element = (
    <>
      <input
        ref={folderInput}
        type="file"
        className="hidden"
        onChange={pickerChange}
        {...{ webkitdirectory: '', directory: '' }}
        data-testid="batch-folder-input"
      />
      <input
        ref={filesInput}
        type="file"
        multiple
        accept=".zip,application/zip,image/jpeg,image/png,image/webp,image/avif,image/heic,.heic"
        className="hidden"
        onChange={pickerChange}
        data-testid="batch-files-input"
      />
      {dragging && (
        <div className="pointer-events-none absolute inset-0 z-30 grid place-items-center rounded-2xl border-2 border-dashed border-primary bg-background/85 backdrop-blur-sm">
          <div className="grid justify-items-center gap-2 p-6 text-center">
            <FolderUp className="size-10 text-primary" aria-hidden />
            <p className="text-lg font-semibold">{t('batch.drop.title')}</p>
            <p className="max-w-sm text-sm text-muted-foreground">{t('batch.drop.body')}</p>
          </div>
        </div>
      )}
      {upload && (
        <p
          role="status"
          className="flex items-center gap-2 rounded-xl border bg-card px-3 py-2 text-sm"
          data-testid="batch-uploading"
        >
          <Loader2 className="size-4 animate-spin text-primary" aria-hidden />
          {upload.total > 1
            ? t('batch.drop.uploading', { sent: upload.sent, total: upload.total })
            : t('batch.drop.uploadingZip')}
        </p>
      )}
      {images && (
        <BatchDialog
          open
          images={images}
          guest={guest}
          onClose={() => setImages(null)}
          onStarted={(batch) => {
            setImages(null);
            onStarted(batch);
          }}
        />
      )}
    </>
  );

  return {
    /** The dialog is open: the screen's own keys wait. */
    dialogOpen: images !== null,
    dragging,
    dropHandlers,
    element,
    chooseFolder: () => folderInput.current?.click(),
    chooseFiles: () => filesInput.current?.click(),
    applyTo: (selected: BatchImages) => setImages(selected),
  };
}
