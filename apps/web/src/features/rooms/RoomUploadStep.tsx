import { ImageUp, Loader2 } from 'lucide-react';
import { useRef, useState, type DragEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { checkImageFile, firstFile, IMAGE_ACCEPT } from '@/lib/images/file-checks';
import { toast } from '@/hooks/use-toast';
import { permissionRefusal, serverMessage } from '@/lib/api';
import { cn } from '@/lib/utils';
import { uploadRoomPhoto } from './api';

/** Step 1 of the room flow: choose or drop a room photo; success goes on to processing. */
export function RoomUploadStep({ onUploaded }: { onUploaded(uploadId: string): void }) {
  const { t } = useTranslation();
  const input = useRef<HTMLInputElement>(null);
  const [busy, setBusy] = useState(false);
  const [over, setOver] = useState(false);

  async function send(file: File | undefined) {
    if (!file || busy) return;
    const problem = checkImageFile(file);
    if (problem) {
      toast({
        title: t(`editor.errors.${problem}`),
        description: t(`editor.errors.${problem}Body`),
        variant: 'destructive',
      });
      return;
    }
    setBusy(true);
    try {
      onUploaded((await uploadRoomPhoto(file)).uploadId);
    } catch (error) {
      toast({
        title: t('roomDesign.uploadFailed'),
        description:
          permissionRefusal(error) ?? serverMessage(error) ?? t('roomDesign.uploadFailedBody'),
        variant: 'destructive',
      });
    } finally {
      setBusy(false);
      if (input.current) input.current.value = '';
    }
  }

  const drop = (event: DragEvent) => {
    event.preventDefault();
    setOver(false);
    void send(firstFile(event.dataTransfer.files));
  };

  return (
    <button
      type="button"
      data-testid="room-dropzone"
      onClick={() => input.current?.click()}
      onDragOver={(e) => {
        e.preventDefault();
        setOver(true);
      }}
      onDragLeave={() => setOver(false)}
      onDrop={drop}
      disabled={busy}
      className={cn(
        'flex w-full cursor-pointer flex-col items-center justify-center gap-3 rounded-2xl border-2 border-dashed bg-card px-6 py-16 text-center transition-colors hover:border-primary/60',
        over && 'border-primary bg-primary/5',
      )}
    >
      <span className="grid size-14 place-items-center rounded-2xl bg-muted text-primary">
        {busy ? <Loader2 className="size-7 animate-spin" /> : <ImageUp className="size-7" />}
      </span>
      <span className="text-lg font-semibold">
        {busy ? t('roomDesign.uploading') : t('roomDesign.uploadTitle')}
      </span>
      <span className="max-w-md text-sm text-muted-foreground">{t('roomDesign.uploadBody')}</span>
      <input
        ref={input}
        type="file"
        accept={IMAGE_ACCEPT}
        className="hidden"
        data-testid="room-file"
        onChange={(e) => void send(firstFile(e.target.files))}
      />
    </button>
  );
}
