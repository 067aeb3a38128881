import { ImagePlus, Loader2, LogIn } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'wouter';
import { Button } from '@/components/ui/button';
import { stableTileHeight } from '@/lib/gallery-utils';

/** A few grey tiles in the grid's shape while the first page loads. */
export function GalleryLoading() {
  const { t } = useTranslation();
  return (
    <div
      role="status"
      aria-label={t('gallery.loading')}
      className="columns-2 gap-3 sm:columns-3 lg:columns-5"
    >
      {Array.from({ length: 10 }, (_, i) => (
        <div
          key={i}
          className="mb-3 animate-pulse break-inside-avoid rounded-xl bg-muted"
          style={{ height: stableTileHeight(`skeleton-${i}`) * 0.7 }}
        />
      ))}
    </div>
  );
}

export function LoadingMore() {
  const { t } = useTranslation();
  return (
    <p
      role="status"
      className="flex items-center justify-center gap-2 py-4 text-sm text-muted-foreground"
    >
      <Loader2 className="size-4 animate-spin" />
      {t('gallery.loadingMore')}
    </p>
  );
}

export function GalleryFailed({ onRetry }: { onRetry(): void }) {
  const { t } = useTranslation();
  return (
    <div className="rounded-2xl border border-dashed p-10 text-center text-muted-foreground">
      <p>{t('gallery.error')}</p>
      <Button variant="outline" className="mt-4" onClick={onRetry}>
        {t('gallery.retry')}
      </Button>
    </div>
  );
}

function Framed({
  icon,
  title,
  body,
  action,
}: {
  icon: React.ReactNode;
  title: string;
  body: string;
  action?: React.ReactNode;
}) {
  return (
    <div className="rounded-3xl border border-dashed bg-card px-6 py-14 text-center">
      <span className="mx-auto grid size-14 place-items-center rounded-2xl brand-gradient text-white shadow-lg">
        {icon}
      </span>
      <h3 className="mt-5 text-xl font-semibold">{title}</h3>
      <p className="mx-auto mt-2 max-w-md text-muted-foreground">{body}</p>
      {action && <div className="mt-6">{action}</div>}
    </div>
  );
}

/** 'No images yet' (or nothing under this tab). */
export function GalleryEmpty({ filtered }: { filtered: boolean }) {
  const { t } = useTranslation();
  return (
    <div data-testid="gallery-empty">
      <Framed
        icon={<ImagePlus className="size-7" />}
        title={t('gallery.empty.title')}
        body={filtered ? t('gallery.empty.filtered') : t('gallery.empty.body')}
      />
    </div>
  );
}

/** Guests' images live in this browser only: the gallery needs an account. */
export function GuestGalleryNotice() {
  const { t } = useTranslation();
  return (
    <div data-testid="gallery-guest">
      <Framed
        icon={<LogIn className="size-7" />}
        title={t('gallery.guest.title')}
        body={t('gallery.guest.body')}
        action={
          <Button asChild variant="gradient">
            <Link href="/login">{t('gallery.guest.signIn')}</Link>
          </Button>
        }
      />
    </div>
  );
}
