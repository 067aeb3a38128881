import { Compass } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'wouter';
import { Logo } from '@/components/Logo';
import { Button } from '@/components/ui/button';

export function NotFoundPage() {
  const { t } = useTranslation();
  return (
    <div className="flex min-h-screen flex-col">
      <header className="mx-auto flex h-16 w-full max-w-7xl items-center px-4 sm:px-6">
        <Logo />
      </header>
      <main className="flex flex-1 items-center justify-center px-4">
        <div className="max-w-md text-center">
          <span className="mx-auto grid size-16 place-items-center rounded-2xl bg-muted text-primary">
            <Compass className="size-8" />
          </span>
          <h1 className="mt-6 text-3xl font-bold tracking-tight">{t('notFound.title')}</h1>
          <p className="mt-3 text-muted-foreground">{t('notFound.body')}</p>
          <Button asChild variant="gradient" className="mt-8">
            <Link href="/">{t('notFound.home')}</Link>
          </Button>
        </div>
      </main>
    </div>
  );
}
