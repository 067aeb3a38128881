import { Hammer } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'wouter';
import { Button } from '@/components/ui/button';

/** An honest stand-in for a screen that a later release builds. */
export function PlaceholderScreen({
  titleKey,
  backHref = '/',
}: {
  titleKey: string;
  backHref?: string;
}) {
  const { t } = useTranslation();
  return (
    <div className="mx-auto flex max-w-xl flex-col items-center px-4 py-24 text-center">
      <span className="grid size-14 place-items-center rounded-2xl bg-muted text-primary">
        <Hammer className="size-7" />
      </span>
      <h1 className="mt-6 text-2xl font-bold tracking-tight">{t(titleKey)}</h1>
      <p className="mt-3 text-muted-foreground">{t('placeholder.body')}</p>
      <Button asChild variant="outline" className="mt-8">
        <Link href={backHref}>{t('placeholder.back')}</Link>
      </Button>
    </div>
  );
}
