import { useMutation } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { uploadImage } from '@/lib/images/images-api';
import { uploadErrorToast } from '@/lib/error-toasts/error-messages';
import { showErrorToast } from '@/lib/error-toasts/toasts';
import { useFileCheck } from '@/lib/images/use-file-check';
import { recordFromUpload } from '../history/records';
import { useAddRecords } from '../upload/use-upload-image';

/** A reference for style transfer is uploaded like any image, but does not take the canvas. */
export function useReferenceUpload(sessionId: string, onUploaded: (imageUrl: string) => void) {
  const { t } = useTranslation();
  const addRecords = useAddRecords();
  const isAcceptable = useFileCheck();
  const mutation = useMutation({
    mutationFn: (file: File) => uploadImage('/api/save-original-image', file, { sessionId }),
    onSuccess: (saved) => {
      addRecords([recordFromUpload(saved, { sessionId })]);
      onUploaded(saved.imageUrl);
    },
    onError: (error) => showErrorToast(t, uploadErrorToast(error)),
  });
  const upload = (file: File | undefined) => {
    if (isAcceptable(file)) mutation.mutate(file);
  };
  return { upload, uploading: mutation.isPending };
}
