import { useTranslation } from 'react-i18next';
import { Link } from 'wouter';
import { LanguagePicker } from '@/components/LanguagePicker';
import { Logo } from '@/components/Logo';
import { ThemeToggle } from '@/components/ThemeToggle';
import { Button } from '@/components/ui/button';

export function LandingHeader() {
  const { t } = useTranslation();
  return (
    <header className="sticky top-0 z-40 border-b bg-background/80 backdrop-blur-md">
      <div className="mx-auto flex h-16 max-w-7xl items-center justify-between gap-2 px-4 sm:px-6">
        <Logo />
        <nav className="flex items-center gap-1 sm:gap-2">
          <LanguagePicker compact />
          <ThemeToggle />
          <Link
            href="/register"
            className="hidden px-2 text-sm font-medium text-muted-foreground hover:text-foreground md:inline"
          >
            {t('nav.register')}
          </Link>
          <Button asChild variant="ghost" size="sm" className="h-10">
            <Link href="/login">{t('nav.login')}</Link>
          </Button>
          {/* On phones the hero's own start button is the first thing below: the header keeps
              room for the logo, the theme and sign-in in every language. */}
          <Button asChild variant="gradient" size="sm" className="hidden h-10 sm:inline-flex">
            <Link href="/signup">{t('nav.getStarted')}</Link>
          </Button>
        </nav>
      </div>
    </header>
  );
}
