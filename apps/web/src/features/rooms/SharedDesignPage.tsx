import type { SharedDesign } from '@image-lab/contract';
import { useQuery } from '@tanstack/react-query';
import { SearchX, Sofa } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'wouter';
import { Button } from '@/components/ui/button';
import { DesignImages } from './DesignImages';

/** The public, read-only page of a shared room design. */
export function SharedDesignPage({ uploadId }: { uploadId: string }) {
  const { t, i18n } = useTranslation();
  const design = useQuery<SharedDesign>({ queryKey: ['/api/shared/design', uploadId] });
  const actions = (
    <div className="flex flex-wrap justify-center gap-2">
      <Button asChild variant="outline">
        <Link href="/gallery">{t('roomDesign.viewGallery')}</Link>
      </Button>
      <Button asChild variant="outline">
        <Link href="/subscribe">{t('roomDesign.subscribe')}</Link>
      </Button>
      <Button asChild variant="gradient">
        <Link href="/furniture-shopping?new">{t('roomDesign.createYourOwn')}</Link>
      </Button>
    </div>
  );
  if (design.isPending)
    return <p className="py-24 text-center text-muted-foreground">{t('roomDesign.loading')}</p>;
  if (!design.data) {
    return (
      <div className="mx-auto flex max-w-md flex-col items-center gap-4 px-4 py-24 text-center">
        <span className="grid size-14 place-items-center rounded-2xl bg-muted text-muted-foreground">
          <SearchX className="size-7" />
        </span>
        <h1 className="text-2xl font-bold tracking-tight">{t('roomDesign.designNotFound')}</h1>
        <p className="text-muted-foreground">{t('roomDesign.designNotFoundBody')}</p>
        {actions}
      </div>
    );
  }
  return (
    <div className="mx-auto grid max-w-6xl gap-6 px-4 py-8 sm:px-6">
      <div className="text-center">
        <h1 className="flex items-center justify-center gap-2 text-2xl font-bold tracking-tight">
          <Sofa className="size-6 text-primary" />
          {t('roomDesign.sharedTitle')}
        </h1>
        <p className="mt-1 text-sm text-muted-foreground">
          {t('roomDesign.sharedOn', {
            date: new Date(design.data.createdAt).toLocaleDateString(i18n.language),
          })}
        </p>
      </div>
      <DesignImages design={design.data} />
      {actions}
    </div>
  );
}
