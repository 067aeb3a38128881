import type { CreateGalleryShareResponse } from '@image-lab/contract';
import { ClipboardCopy, Loader2, Share2 } from 'lucide-react';
import { useId, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '@/components/ui/button';
import { Field, Input } from '@/components/ui/input';
import { toast } from '@/hooks/use-toast';
import { SHARE_DEFAULT_DAYS } from './gallery-api';
import { Modal, ModalActions } from '@/components/ui/modal';
import { copyText, useCreateShare } from './use-shares';

const EXPIRY_CHOICES = [1, 7, 30, 90, 365, 0] as const;

const selectClass =
  'h-11 w-full cursor-pointer rounded-lg border bg-card px-3 text-sm shadow-sm outline-none focus-visible:border-primary focus-visible:ring-2 focus-visible:ring-ring/30';

/** A link to the selected images (or the whole gallery), with an expiry and an optional e-mail. */
export function ShareDialog({
  imageIds,
  open,
  onClose,
}: {
  /** null: the whole gallery, as it is whenever the link is opened. */
  imageIds: string[] | null;
  open: boolean;
  onClose(): void;
}) {
  const { t } = useTranslation();
  const id = useId();
  const create = useCreateShare();
  const [days, setDays] = useState<number>(SHARE_DEFAULT_DAYS);
  const [email, setEmail] = useState('');
  const [result, setResult] = useState<CreateGalleryShareResponse | null>(null);

  const submit = (event: FormEvent) => {
    event.preventDefault();
    create.mutate(
      {
        ...(imageIds ? { imageIds } : {}),
        expiresInDays: days === 0 ? null : days,
        ...(email.trim() ? { email: email.trim() } : {}),
      },
      {
        onSuccess: (share) => {
          setResult(share);
          toast({
            title: t('gallery.share.success'),
            description: share.sharedWithEmail
              ? share.emailSent
                ? t('gallery.share.mailed', { email: share.sharedWithEmail })
                : t('gallery.share.notMailed')
              : undefined,
          });
        },
      },
    );
  };
  const copy = async (url: string) => {
    if (await copyText(url)) toast({ title: t('gallery.share.copied') });
  };

  return (
    <Modal
      open={open}
      onOpenChange={(next) => !next && onClose()}
      testId="share-dialog"
      title={
        imageIds
          ? t('gallery.share.titleSelection', { count: imageIds.length })
          : t('gallery.share.titleAll')
      }
      description={imageIds ? t('gallery.share.bodySelection') : t('gallery.share.bodyAll')}
    >
      {result ? (
        <div className="grid gap-3">
          <label htmlFor={`${id}-link`} className="text-sm font-medium">
            {t('gallery.share.link')}
          </label>
          <div className="flex gap-2">
            <Input
              id={`${id}-link`}
              readOnly
              value={result.shareUrl}
              onFocus={(e) => e.target.select()}
            />
            <Button variant="outline" className="h-11" onClick={() => void copy(result.shareUrl)}>
              <ClipboardCopy />
              {t('gallery.share.copy')}
            </Button>
          </div>
          <ModalActions>
            <Button onClick={onClose}>{t('gallery.done')}</Button>
          </ModalActions>
        </div>
      ) : (
        <form onSubmit={submit} className="grid gap-4">
          <Field id={`${id}-expiry`} label={t('gallery.share.expiry')}>
            <select
              id={`${id}-expiry`}
              value={days}
              onChange={(e) => setDays(Number(e.target.value))}
              className={selectClass}
            >
              {EXPIRY_CHOICES.map((choice) => (
                <option key={choice} value={choice}>
                  {choice === 0
                    ? t('gallery.share.never')
                    : t('gallery.share.days', { count: choice })}
                </option>
              ))}
            </select>
          </Field>
          <Field
            id={`${id}-email`}
            label={t('gallery.share.email')}
            hint={t('gallery.share.emailHint')}
          >
            <Input
              id={`${id}-email`}
              type="email"
              autoComplete="email"
              value={email}
              onChange={(e) => setEmail(e.target.value)}
              placeholder="name@example.com"
            />
          </Field>
          <ModalActions>
            <Button type="button" variant="outline" onClick={onClose}>
              {t('gallery.cancel')}
            </Button>
            <Button type="submit" disabled={create.isPending}>
              {create.isPending ? <Loader2 className="animate-spin" /> : <Share2 />}
              {t('gallery.share.create')}
            </Button>
          </ModalActions>
        </form>
      )}
    </Modal>
  );
}
