import { useTranslation } from 'react-i18next';
import { Logo } from '@/components/Logo';

export function Footer() {
  const { t } = useTranslation();
  return (
    <footer className="border-t">
      <div className="mx-auto flex max-w-7xl flex-col gap-4 px-4 py-10 text-sm text-muted-foreground sm:flex-row sm:items-center sm:justify-between sm:px-6">
        <div className="flex flex-col gap-2">
          <Logo />
          <p>{t('landing.footer.tagline')}</p>
        </div>
        <div className="flex flex-col gap-1 sm:items-end">
          <a href="/api/docs" className="hover:text-foreground">
            {t('landing.footer.api')}
          </a>
          <p>
            © {new Date().getFullYear()} Image Lab. {t('landing.footer.rights')}
          </p>
        </div>
      </div>
    </footer>
  );
}
