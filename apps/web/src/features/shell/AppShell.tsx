import { lazy, Suspense, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useLocation, useSearch } from 'wouter';
import { LanguagePicker } from '@/components/LanguagePicker';
import { Logo } from '@/components/Logo';
import { ThemeToggle } from '@/components/ThemeToggle';
import { ViewingBanner } from '@/features/account-sharing/ViewingBanner';
import type { CurrentUser } from '@/hooks/use-current-user';
import { CreditsBadge } from '@/features/credits/CreditsBadge';
import { OutOfCreditsBanner } from '@/features/credits/OutOfCreditsBanner';
import { SoundToggle } from '@/components/SoundToggle';
import { cn } from '@/lib/utils';
import { useServerChangesElsewhere } from '@/lib/server-changes';
import { currentNav, NAV, NAV_ICONS } from './nav';

// The project, share, account and side-menu controls load beside the first screen (this module
// is also in the landing page's bundle), and their menus the first time they open.
const loadControls = () => import('@/features/projects/HeaderControls');
const ProjectControls = lazy(() => loadControls().then((m) => ({ default: m.ProjectControls })));
const AccountMenu = lazy(() => loadControls().then((m) => ({ default: m.AccountMenu })));
const MobileMenuButton = lazy(() => loadControls().then((m) => ({ default: m.MobileMenuButton })));
const QueueButton = lazy(() =>
  import('@/features/batch/QueueButton').then((m) => ({ default: m.QueueButton })),
);

export function AppShell({ user, children }: { user: CurrentUser; children: ReactNode }) {
  const { t } = useTranslation();
  const [location] = useLocation();
  const current = currentNav(location, useSearch());
  useServerChangesElsewhere();
  return (
    <div className="min-h-screen">
      <header className="sticky top-0 z-40 border-b bg-background/80 backdrop-blur-md">
        <div className="mx-auto flex h-16 max-w-7xl items-center gap-2 px-4 sm:px-6">
          {/* Below 420 px the top bar's buttons need the name's room: the mark stays. */}
          <Logo nameClassName="max-[419px]:hidden" />
          <nav className="hidden flex-1 items-center gap-0.5 lg:flex">
            {/* Account sharing is an account setting: in the user menu, not the top bar. */}
            {NAV.filter(([href]) => href !== '/account-sharing').map(([href, key]) => {
              const Icon = NAV_ICONS[href];
              return (
                <Link
                  key={href}
                  href={href}
                  title={t(key)}
                  aria-current={current === href ? 'page' : undefined}
                  className={cn(
                    'flex items-center gap-2 whitespace-nowrap rounded-lg px-2.5 py-2 text-sm font-medium text-muted-foreground hover:bg-muted hover:text-foreground',
                    current === href && 'bg-muted text-foreground',
                  )}
                >
                  <Icon className="size-4 shrink-0 xl:hidden" aria-hidden />
                  <span className="sr-only xl:not-sr-only xl:whitespace-nowrap">{t(key)}</span>
                </Link>
              );
            })}
          </nav>
          <div className="ml-auto flex items-center gap-1">
            <Suspense fallback={<span aria-hidden className="mr-1 hidden h-10 w-40 lg:block" />}>
              <ProjectControls />
            </Suspense>
            <Suspense fallback={<span aria-hidden className="size-10" />}>
              <QueueButton />
            </Suspense>
            <CreditsBadge />
            <LanguagePicker className="hidden sm:inline-flex" />
            <SoundToggle className="hidden sm:inline-flex" />
            <ThemeToggle />
            <Suspense fallback={<span aria-hidden className="hidden size-10 lg:block" />}>
              <AccountMenu user={user} />
            </Suspense>
            <Suspense fallback={<span aria-hidden className="size-10 lg:hidden" />}>
              <MobileMenuButton user={user} nav={NAV} />
            </Suspense>
          </div>
        </div>
      </header>
      <ViewingBanner user={user} />
      <OutOfCreditsBanner />
      <main>{children}</main>
    </div>
  );
}
