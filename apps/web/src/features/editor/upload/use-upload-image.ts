import type { EditedImageRecord } from '@image-lab/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { addGuestRecords, GUEST_IMAGES_KEY } from '@/features/guest/guest-records';
import { EDITED_IMAGES_KEY, uploadImage } from '@/lib/images/images-api';
import { useIsGuest } from '@/providers/editor-mode';
import { uploadErrorToast } from '@/lib/error-toasts/error-messages';
import { showErrorToast } from '@/lib/error-toasts/toasts';
import { useFileCheck } from '@/lib/images/use-file-check';
import { mergeRecords, recordFromUpload } from '../history/records';
import { serverChanged } from '@/lib/server-changes';

/** Adds records to the history at once, then lets the server's list replace them. */
export function useAddRecords() {
  const queryClient = useQueryClient();
  const guest = useIsGuest();
  return (records: EditedImageRecord[]) => {
    if (guest) {
      queryClient.setQueryData(GUEST_IMAGES_KEY, addGuestRecords(records));
      return;
    }
    queryClient.setQueryData<EditedImageRecord[]>(EDITED_IMAGES_KEY, (old) =>
      mergeRecords(old, records),
    );
    void serverChanged(queryClient, 'images');
  };
}

/** Checks a chosen or dropped file in the browser, then uploads it as a new original. */
export function useUploadImage(sessionId: string, onUploaded: (record: EditedImageRecord) => void) {
  const { t } = useTranslation();
  const addRecords = useAddRecords();
  const isAcceptable = useFileCheck();
  const mutation = useMutation({
    mutationFn: (file: File) => uploadImage('/api/save-original-image', file, { sessionId }),
    onSuccess: (saved) => {
      const record = recordFromUpload(saved, { sessionId });
      addRecords([record]);
      onUploaded(record);
    },
    onError: (error) => showErrorToast(t, uploadErrorToast(error)),
  });

  const upload = (file: File | undefined) => {
    if (!mutation.isPending && isAcceptable(file)) mutation.mutate(file);
  };
  return { upload, isUploading: mutation.isPending };
}
