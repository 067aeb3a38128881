import { useTranslation } from 'react-i18next';
import { Button } from '@/components/ui/button';
import { GitHubMark, GoogleMark } from '@/components/BrandMarks';
import { useSignInProviders } from '@/hooks/use-sign-in-providers';

/** Google and GitHub, each only when this server has it configured (with its divider). */
export function ProviderButtons() {
  const { t } = useTranslation();
  const { google, github } = useSignInProviders();
  if (!google && !github) return null;
  return (
    <>
      <div className="grid gap-2 sm:grid-cols-2">
        {google && (
          <Button
            variant="outline"
            type="button"
            onClick={() => window.location.assign('/api/auth/google')}
          >
            <GoogleMark />
            Google
          </Button>
        )}
        {github && (
          <Button
            variant="outline"
            type="button"
            onClick={() => window.location.assign('/api/auth/github')}
          >
            <GitHubMark />
            GitHub
          </Button>
        )}
        <p className="sr-only">{t('auth.providersHint')}</p>
      </div>
      <OrDivider />
    </>
  );
}

function OrDivider() {
  const { t } = useTranslation();
  return (
    <div className="my-6 flex items-center gap-3 text-xs uppercase text-muted-foreground">
      <span className="h-px flex-1 bg-border" />
      {t('auth.or')}
      <span className="h-px flex-1 bg-border" />
    </div>
  );
}
