import { LockKeyhole } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'wouter';
import { Button } from '@/components/ui/button';
import { signInFor } from '@/lib/return-path';

/** Above the landing on a private page opened signed out: why, and the way back to it. */
export function SignInNotice({ path }: { path: string }) {
  const { t } = useTranslation();
  return (
    <section
      role="status"
      aria-labelledby="sign-in-needed"
      data-testid="sign-in-needed"
      className="border-b bg-primary/5"
    >
      <div className="mx-auto flex max-w-7xl flex-wrap items-center gap-x-4 gap-y-2 px-4 py-3 sm:px-6">
        <LockKeyhole aria-hidden className="size-5 shrink-0 text-primary" />
        <div className="min-w-0 flex-1">
          <h2 id="sign-in-needed" className="text-sm font-semibold">
            {t('landing.signInNeeded.title')}
          </h2>
          <p className="text-sm text-muted-foreground">{t('landing.signInNeeded.body')}</p>
        </div>
        <Button asChild size="sm">
          <Link href={signInFor(path)}>{t('landing.signInNeeded.action')}</Link>
        </Button>
      </div>
    </section>
  );
}
