import { useQueryClient } from '@tanstack/react-query';
import { useState, type DragEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { uploadImage } from '@/lib/images/images-api';
import { uploadErrorToast } from '@/lib/error-toasts/error-messages';
import { showErrorToast } from '@/lib/error-toasts/toasts';
import { useFileCheck } from '@/lib/images/use-file-check';
import { toast } from '@/hooks/use-toast';
import { IMAGE_DRAG_TYPE, ourImageUrl } from './drop';
import type { Point } from './view';
import { serverChanged } from '@/lib/server-changes';

/** Files uploaded from one drop; more are left out with a note. */
export const DROP_FILES_MAX = 20;

const carriesImage = (event: DragEvent) =>
  ['Files', IMAGE_DRAG_TYPE, 'text/uri-list'].some((type) =>
    event.dataTransfer.types.includes(type),
  );

/**
 * Images dropped on the board: files from the desktop are uploaded (save-original-image, into
 * the board's project) and then placed; our own images dragged from the picker or another tab
 * are placed at once. `place` gets the addresses and the drop point on screen.
 */
export function useBoardDrop({
  projectId,
  disabled,
  place,
}: {
  projectId: string | null;
  disabled: boolean;
  place(imageUrls: string[], screen: Point | null): void;
}) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const isAcceptable = useFileCheck();
  const [uploading, setUploading] = useState(0);
  const [dragging, setDragging] = useState(false);

  const upload = async (files: File[], screen: Point | null) => {
    const accepted = files.filter((file) => isAcceptable(file)).slice(0, DROP_FILES_MAX);
    if (accepted.length === 0) return;
    setUploading((n) => n + accepted.length);
    const urls: string[] = [];
    for (const file of accepted) {
      try {
        const saved = await uploadImage('/api/save-original-image', file, {
          projectId: projectId ?? undefined,
        });
        urls.push(saved.imageUrl);
      } catch (error) {
        showErrorToast(t, uploadErrorToast(error));
      } finally {
        setUploading((n) => n - 1);
      }
    }
    if (urls.length === 0) return;
    place(urls, screen);
    void serverChanged(queryClient, 'images');
    if (files.length > DROP_FILES_MAX) {
      toast({ title: t('whiteboard.toast.tooManyFiles', { count: DROP_FILES_MAX }) });
    }
  };

  const onDragOver = (event: DragEvent) => {
    if (disabled || !carriesImage(event)) return;
    event.preventDefault();
    event.dataTransfer.dropEffect = 'copy';
    if (!dragging) setDragging(true);
  };
  const onDragLeave = (event: DragEvent) => {
    if (event.currentTarget.contains(event.relatedTarget as globalThis.Node | null)) return;
    setDragging(false);
  };
  const onDrop = (event: DragEvent) => {
    setDragging(false);
    if (disabled || !carriesImage(event)) return;
    event.preventDefault();
    const box = event.currentTarget.getBoundingClientRect();
    const screen = { x: event.clientX - box.left, y: event.clientY - box.top };
    const files = Array.from(event.dataTransfer.files);
    if (files.length > 0) return void upload(files, screen);
    const text =
      event.dataTransfer.getData(IMAGE_DRAG_TYPE) || event.dataTransfer.getData('text/uri-list');
    const url = ourImageUrl(text, window.location.origin);
    if (url) place([url], screen);
  };

  return {
    dragging,
    uploading: uploading > 0,
    upload: (files: File[]) => void upload(files, null),
    dropHandlers: { onDragOver, onDragLeave, onDrop },
  };
}
