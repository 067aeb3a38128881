import type { EditedImageRecord } from '@image-lab/contract';
import { useMutation } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { toast } from '@/hooks/use-toast';
import { uploadImage } from '@/lib/images/images-api';
import { useIsGuest } from '@/providers/editor-mode';
import { downloadHref } from '@/lib/images/image-urls';
import { throwIfResNotOk } from '@/lib/api';
import { recordFromUpload } from '../history/records';
import { useAddRecords } from '../upload/use-upload-image';
import { toPixelRect, type PercentRect } from './crop-math';

function canvasToPng(canvas: HTMLCanvasElement): Promise<Blob> {
  return new Promise((resolve, reject) =>
    canvas.toBlob((blob) => (blob ? resolve(blob) : reject(new Error('empty crop'))), 'image/png'),
  );
}

/**
 * Cuts the crop from the full-size image and saves it as a new image linked to its source. The
 * pixels come through our own download address, so storage on another host cannot taint the
 * canvas.
 */
async function cropImage(source: EditedImageRecord, crop: PercentRect): Promise<Blob> {
  const res = await fetch(downloadHref(source.imageUrl, 'png'), { credentials: 'include' });
  await throwIfResNotOk(res);
  const bitmap = await createImageBitmap(await res.blob());
  try {
    const rect = toPixelRect(crop, bitmap.width, bitmap.height);
    if (!rect) throw new Error('crop outside the image');
    const canvas = document.createElement('canvas');
    canvas.width = rect.width;
    canvas.height = rect.height;
    const context = canvas.getContext('2d');
    if (!context) throw new Error('no canvas');
    context.drawImage(
      bitmap,
      rect.x,
      rect.y,
      rect.width,
      rect.height,
      0,
      0,
      rect.width,
      rect.height,
    );
    return await canvasToPng(canvas);
  } finally {
    bitmap.close();
  }
}

export function useSaveCrop(sessionId: string, onSaved: (record: EditedImageRecord) => void) {
  const { t } = useTranslation();
  const addRecords = useAddRecords();
  const guest = useIsGuest();
  return useMutation({
    mutationFn: async ({ source, crop }: { source: EditedImageRecord; crop: PercentRect }) => {
      const png = await cropImage(source, crop);
      // Guests have no gallery: their crop becomes a guest upload (kept a day) to edit further.
      if (guest) return uploadImage('/api/save-original-image', png, { sessionId }, 'crop.png');
      const fields = { sourceImageUrl: source.imageUrl, sessionId };
      return uploadImage('/api/save-cropped-image', png, fields, 'crop.png');
    },
    onSuccess: (saved, { source }) => {
      const record = recordFromUpload(saved, { sessionId, parent: source, model: 'manual-crop' });
      addRecords([record]);
      onSaved(record);
    },
    onError: () =>
      toast({
        title: t('editor.crop.failed'),
        description: t('editor.crop.failedBody'),
        variant: 'destructive',
      }),
  });
}
