import { Users } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'wouter';
import { Button } from '@/components/ui/button';
import { Claims } from './Claims';

export function SignupCta() {
  const { t } = useTranslation();
  return (
    <section className="px-4 pb-20 sm:px-6">
      <div className="mx-auto max-w-5xl overflow-hidden rounded-3xl brand-gradient px-6 py-14 text-center text-white shadow-xl sm:px-12">
        <p className="inline-flex items-center gap-2 rounded-full bg-white/15 px-3 py-1 text-sm font-medium">
          <Users className="size-4" />
          {t('landing.cta.trusted')}
        </p>
        <h2 className="mt-5 text-3xl font-bold tracking-tight sm:text-4xl">
          {t('landing.cta.title')}
        </h2>
        <p className="mx-auto mt-4 max-w-2xl text-white/85">{t('landing.cta.body')}</p>
        <Button asChild size="lg" className="mt-8 bg-white text-violet-700 hover:bg-white/90">
          <Link href="/signup">{t('landing.cta.button')}</Link>
        </Button>
        <Claims className="mt-8 justify-center text-white/90" />
      </div>
    </section>
  );
}
