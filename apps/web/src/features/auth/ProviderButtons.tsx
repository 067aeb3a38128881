import { useTranslation } from 'react-i18next';
import { Button } from '@/components/ui/button';
import { GitHubMark, GoogleMark } from '@/components/BrandMarks';

export function ProviderButtons() {
  const { t } = useTranslation();
  return (
    <div className="grid gap-2 sm:grid-cols-2">
      <Button
        variant="outline"
        type="button"
        onClick={() => window.location.assign('/api/auth/google')}
      >
        <GoogleMark />
        Google
      </Button>
      <Button
        variant="outline"
        type="button"
        onClick={() => window.location.assign('/api/auth/github')}
      >
        <GitHubMark />
        GitHub
      </Button>
      <p className="sr-only">{t('auth.providersHint')}</p>
    </div>
  );
}

export function OrDivider() {
  const { t } = useTranslation();
  return (
    <div className="my-6 flex items-center gap-3 text-xs uppercase text-muted-foreground">
      <span className="h-px flex-1 bg-border" />
      {t('auth.or')}
      <span className="h-px flex-1 bg-border" />
    </div>
  );
}
