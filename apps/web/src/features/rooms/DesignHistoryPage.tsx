import type { RoomUpload } from '@image-lab/contract';
import { useQuery } from '@tanstack/react-query';
import { ArrowLeft, Images, Plus, Sofa } from 'lucide-react';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useMayWrite } from '@/hooks/use-may-write';
import { Link, useLocation } from 'wouter';
import { Button } from '@/components/ui/button';
import { TextLink } from '@/components/ui/text-link';
import { throwIfResNotOk } from '@/lib/api';
import { ROOMS_KEY, roomsListUrl, saveSelection } from './api';
import { DeleteDesignDialog } from './DeleteDesignDialog';
import { DesignCard } from './DesignCard';

/** /gallery: every room design, newest first (working areas §2 Design History). */
export function DesignHistoryPage({ signedIn }: { signedIn: boolean }) {
  const { t } = useTranslation();
  const [, navigate] = useLocation();
  const [deleting, setDeleting] = useState<string | null>(null);
  const mayWrite = useMayWrite();
  const designs = useQuery<RoomUpload[]>({
    queryKey: ROOMS_KEY,
    queryFn: async () => {
      const res = await fetch(roomsListUrl(signedIn), { credentials: 'include' });
      if (res.status === 401) return [];
      await throwIfResNotOk(res);
      return res.json();
    },
    refetchInterval: (query) =>
      query.state.data?.some((d) => d.status === 'processing') ? 3000 : false,
  });

  // Escape leaves the history: back where the person came from, else home.
  useEffect(() => {
    const onKey = (event: KeyboardEvent) => {
      if (event.key !== 'Escape' || deleting || event.defaultPrevented) return;
      if (window.history.length > 1) window.history.back();
      else navigate('/');
    };
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, [deleting, navigate]);

  const newDesign = () => navigate('/furniture-shopping?new');
  const header = (
    <div className="flex flex-wrap items-center gap-2">
      <Button asChild variant="ghost" size="sm">
        <Link href="/">
          <ArrowLeft />
          {t('roomDesign.backToApp')}
        </Link>
      </Button>
      <h1 className="mr-auto text-2xl font-bold tracking-tight">{t('roomDesign.historyTitle')}</h1>
      <Button asChild variant="outline" size="sm">
        <Link href="/subscribe">{t('roomDesign.subscribe')}</Link>
      </Button>
      <Button variant="gradient" size="sm" onClick={newDesign}>
        <Plus />
        {t('roomDesign.newDesign')}
      </Button>
    </div>
  );

  return (
    <div className="mx-auto max-w-6xl px-4 py-6 sm:px-6">
      {header}
      {/* The spec's /gallery holds room designs only: say so, and where the images are. */}
      <p className="mt-2 text-sm text-muted-foreground">
        {t('roomDesign.historyIntro')}{' '}
        {signedIn && (
          <TextLink href="/editor?view=gallery" icon={Images}>
            {t('roomDesign.openImageGallery')}
          </TextLink>
        )}
      </p>
      {designs.isPending ? (
        <p className="py-24 text-center text-muted-foreground">{t('roomDesign.historyLoading')}</p>
      ) : !designs.data || designs.data.length === 0 ? (
        <div className="flex flex-col items-center py-24 text-center">
          <span className="grid size-14 place-items-center rounded-2xl bg-muted text-primary">
            <Sofa className="size-7" />
          </span>
          <h2 className="mt-6 text-xl font-semibold">{t('roomDesign.noDesigns')}</h2>
          <Button variant="gradient" className="mt-6" onClick={newDesign}>
            {t('roomDesign.createFirst')}
          </Button>
        </div>
      ) : (
        <div className="mt-6 grid gap-5">
          {designs.data.map((design) => (
            <DesignCard
              key={design.id}
              design={design}
              onView={() => navigate(`/gallery/design/${design.id}`)}
              onEdit={() => {
                saveSelection({ uploadId: design.id, variationId: null });
                navigate('/furniture-shopping');
              }}
              onDelete={mayWrite ? () => setDeleting(design.id) : undefined}
            />
          ))}
        </div>
      )}
      <DeleteDesignDialog uploadId={deleting} onClose={() => setDeleting(null)} />
    </div>
  );
}
