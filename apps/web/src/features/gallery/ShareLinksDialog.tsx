import type { GalleryShare } from '@image-lab/contract';
import { Ban, ClipboardCopy, Loader2 } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Button } from '@/components/ui/button';
import { Badge } from '@/components/ui/card';
import { toast } from '@/hooks/use-toast';
import { cn } from '@/lib/utils';
import { Modal } from '@/components/ui/modal';
import { copyText, useRevokeShare, useShareLinks } from './use-shares';

const STATUS_STYLE: Record<GalleryShare['status'], string> = {
  active: 'border-emerald-500/40 bg-emerald-500/10 text-emerald-700 dark:text-emerald-300',
  expired: 'border-amber-500/40 bg-amber-500/10 text-amber-700 dark:text-amber-300',
  revoked: 'bg-muted text-muted-foreground',
};

/** Every gallery link of the account in one place: what it shows, until when, views; copy or revoke. */
export function ShareLinksDialog({ open, onClose }: { open: boolean; onClose(): void }) {
  const { t, i18n } = useTranslation();
  const links = useShareLinks(open);
  const revoke = useRevokeShare();
  const day = (iso: string) =>
    new Date(iso).toLocaleDateString(i18n.language, { dateStyle: 'medium' });
  const copy = async (url: string) => {
    if (await copyText(url)) toast({ title: t('gallery.share.copied') });
  };
  return (
    <Modal
      open={open}
      onOpenChange={(next) => !next && onClose()}
      testId="share-links"
      className="max-w-2xl"
      title={t('gallery.links.title')}
      description={t('gallery.links.body')}
    >
      {links.isPending ? (
        <p role="status" className="flex items-center gap-2 py-6 text-sm text-muted-foreground">
          <Loader2 className="size-4 animate-spin" />
          {t('gallery.loading')}
        </p>
      ) : links.isError ? (
        <p className="py-6 text-sm text-destructive">{t('gallery.links.error')}</p>
      ) : links.data.length === 0 ? (
        <p className="py-6 text-center text-sm text-muted-foreground">{t('gallery.links.empty')}</p>
      ) : (
        <ul className="grid gap-2" aria-label={t('gallery.links.title')}>
          {links.data.map((link) => (
            <li
              key={link.id}
              data-testid="share-link"
              className={cn(
                'grid gap-2 rounded-xl border p-3 sm:grid-cols-[minmax(0,1fr)_auto] sm:items-center',
                link.status !== 'active' && 'opacity-75',
              )}
            >
              <div className="min-w-0">
                <div className="flex flex-wrap items-center gap-2">
                  <span className="text-sm font-medium">
                    {link.imageCount === null
                      ? t('gallery.links.whole')
                      : t('gallery.links.images', { count: link.imageCount })}
                  </span>
                  <Badge className={STATUS_STYLE[link.status]}>
                    {t(`gallery.links.status.${link.status}`)}
                  </Badge>
                </div>
                <p className="mt-1 text-xs text-muted-foreground">
                  {t('gallery.links.created', { date: day(link.createdAt) })}
                  {' · '}
                  {link.revokedAt
                    ? t('gallery.links.revokedOn', { date: day(link.revokedAt) })
                    : link.expiresAt
                      ? t(
                          link.status === 'expired'
                            ? 'gallery.links.expired'
                            : 'gallery.links.expires',
                          {
                            date: day(link.expiresAt),
                          },
                        )
                      : t('gallery.links.noExpiry')}
                  {' · '}
                  {t('gallery.links.views', { count: link.viewCount })}
                  {link.sharedWithEmail && ` · ${link.sharedWithEmail}`}
                </p>
                {link.shareUrl && (
                  <p className="mt-1 truncate font-mono text-[11px] text-muted-foreground">
                    {link.shareUrl}
                  </p>
                )}
              </div>
              {/* Read-only access shows that links exist, never the links themselves. */}
              {link.shareUrl && (
                <div className="flex gap-2">
                  <Button
                    size="sm"
                    variant="outline"
                    disabled={link.status !== 'active'}
                    onClick={() => void copy(link.shareUrl!)}
                  >
                    <ClipboardCopy />
                    {t('gallery.share.copy')}
                  </Button>
                  <Button
                    size="sm"
                    variant="outline"
                    className="text-destructive hover:bg-destructive/10"
                    disabled={link.status === 'revoked' || revoke.isPending}
                    onClick={() => revoke.mutate(link.id)}
                  >
                    <Ban />
                    {t('gallery.links.revoke')}
                  </Button>
                </div>
              )}
            </li>
          ))}
        </ul>
      )}
    </Modal>
  );
}
