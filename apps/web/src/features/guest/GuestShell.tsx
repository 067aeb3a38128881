import { Info, LogIn, Save, Share2, UserPlus, X } from 'lucide-react';
import type { ReactElement, ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'wouter';
import { LanguagePicker } from '@/components/LanguagePicker';
import { Logo } from '@/components/Logo';
import { ThemeToggle } from '@/components/ThemeToggle';
import { Button } from '@/components/ui/button';
import { GuestContext } from '@/providers/editor-mode';
import { SoundToggle } from '@/components/SoundToggle';
import { toast } from '@/hooks/use-toast';
import { leaveGuestMode } from './guest-mode';
import { useGuestAllowance } from './use-guest-allowance';

/** The editor's frame for a visitor trying it without an account. */
export function GuestShell({ children }: { children: ReactNode }) {
  const { t } = useTranslation();
  const allowance = useGuestAllowance(true);
  return (
    <GuestContext.Provider value>
      <div className="min-h-screen">
        <header className="sticky top-0 z-40 border-b bg-background/80 backdrop-blur-md">
          <div className="mx-auto flex h-16 max-w-7xl items-center gap-2 px-4 sm:px-6">
            <Logo nameClassName="max-[419px]:hidden" />
            <div className="ml-auto flex items-center gap-1">
              <AccountOnly
                icon={<Save />}
                label={t('projects.guest.save')}
                body={t('projects.errors.loginRequiredBody')}
              />
              <AccountOnly
                icon={<Share2 />}
                label={t('share.menu')}
                body={t('share.loginRequiredBody')}
              />
              <LanguagePicker compact />
              <ThemeToggle />
              <SoundToggle />
              <Button asChild variant="ghost" size="sm" className="hidden sm:inline-flex">
                <Link href="/login">
                  <LogIn />
                  {t('nav.login')}
                </Link>
              </Button>
              <Button asChild variant="gradient" size="sm">
                <Link href="/signup">
                  <UserPlus />
                  {t('nav.getStarted')}
                </Link>
              </Button>
            </div>
          </div>
        </header>
        <div
          role="status"
          className="border-b bg-primary/5 px-4 py-2 text-sm text-foreground sm:px-6"
          data-testid="guest-banner"
        >
          <div className="mx-auto flex max-w-7xl flex-wrap items-center gap-x-3 gap-y-1">
            <Info className="size-4 shrink-0 text-primary" aria-hidden />
            <span className="min-w-0 flex-1 basis-[calc(100%-2rem)] sm:basis-0">
              {allowance.data ? t('guest.banner', allowance.data) : t('guest.bannerLoading')}
            </span>
            <Button asChild variant="link" size="sm" className="h-auto p-0">
              <Link href="/signup">{t('guest.signUp')}</Link>
            </Button>
            <Button variant="ghost" size="sm" className="h-auto px-2 py-1" onClick={leaveGuestMode}>
              <X />
              {t('guest.leave')}
            </Button>
          </div>
        </div>
        <main>{children}</main>
      </div>
    </GuestContext.Provider>
  );
}

/** Projects and sharing need an account (working areas §6): guests are told where they try. */
function AccountOnly({ icon, label, body }: { icon: ReactElement; label: string; body: string }) {
  const { t } = useTranslation();
  const tell = () =>
    toast({
      title: t('projects.errors.loginRequired'),
      description: body,
      action: (
        <Button asChild size="sm" variant="outline" className="shrink-0 text-foreground">
          <Link href="/signup">{t('nav.register')}</Link>
        </Button>
      ),
    });
  return (
    <Button
      variant="ghost"
      size="icon"
      aria-label={label}
      title={label}
      onClick={tell}
      className="hidden sm:inline-flex"
    >
      {icon}
    </Button>
  );
}
