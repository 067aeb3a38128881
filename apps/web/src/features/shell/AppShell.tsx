import { BarChart3, LogOut, Menu, Settings, User } from 'lucide-react';
import { Dialog } from 'radix-ui';
import { useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useLocation } from 'wouter';
import { LanguagePicker } from '@/components/LanguagePicker';
import { Logo } from '@/components/Logo';
import { ThemeToggle } from '@/components/ThemeToggle';
import { Button } from '@/components/ui/button';
import {
  DropdownMenu,
  DropdownMenuContent,
  DropdownMenuItem,
  DropdownMenuLabel,
  DropdownMenuSeparator,
  DropdownMenuTrigger,
} from '@/components/ui/dropdown-menu';
import { ViewingBanner } from '@/features/account-sharing/ViewingBanner';
import type { CurrentUser } from '@/features/auth/use-current-user';
import { CreditsBadge } from '@/features/credits/CreditsBadge';
import { OutOfCreditsBanner } from '@/features/credits/OutOfCreditsBanner';
import { SoundToggle } from '@/features/editor/SoundToggle';
import { cn } from '@/lib/utils';

const NAV = [
  ['/editor', 'nav.imageEditor'],
  ['/whiteboard', 'nav.whiteboard'],
  ['/gallery', 'nav.gallery'],
  ['/furniture-shopping', 'nav.roomDesign'],
  ['/account-sharing', 'nav.accountSharing'],
] as const;

const logout = () => window.location.assign('/api/logout');

export function AppShell({ user, children }: { user: CurrentUser; children: ReactNode }) {
  const { t } = useTranslation();
  const [location] = useLocation();
  const [menuOpen, setMenuOpen] = useState(false);
  return (
    <div className="min-h-screen">
      <header className="sticky top-0 z-40 border-b bg-background/80 backdrop-blur-md">
        <div className="mx-auto flex h-16 max-w-7xl items-center gap-4 px-4 sm:px-6">
          <Logo />
          <nav className="hidden flex-1 items-center gap-1 lg:flex">
            {NAV.map(([href, key]) => (
              <Link
                key={href}
                href={href}
                className={cn(
                  'rounded-lg px-3 py-2 text-sm font-medium text-muted-foreground hover:bg-muted hover:text-foreground',
                  location === href && 'bg-muted text-foreground',
                )}
              >
                {t(key)}
              </Link>
            ))}
          </nav>
          <div className="ml-auto flex items-center gap-1">
            <CreditsBadge />
            <LanguagePicker className="hidden sm:inline-flex" />
            <SoundToggle className="hidden sm:inline-flex" />
            <ThemeToggle />
            <DropdownMenu>
              <DropdownMenuTrigger asChild>
                <Button
                  variant="ghost"
                  size="icon"
                  aria-label={t('nav.account')}
                  className="hidden lg:inline-flex"
                >
                  <User />
                </Button>
              </DropdownMenuTrigger>
              <DropdownMenuContent>
                <DropdownMenuLabel>
                  <span className="block truncate text-sm text-foreground">
                    {user.email || user.id}
                  </span>
                  {t('nav.signedIn')}
                </DropdownMenuLabel>
                <DropdownMenuSeparator />
                <DropdownMenuItem asChild>
                  <Link href="/stats">
                    <BarChart3 />
                    {t('nav.stats')}
                  </Link>
                </DropdownMenuItem>
                <DropdownMenuItem asChild>
                  <Link href="/settings">
                    <Settings />
                    {t('settings.nav')}
                  </Link>
                </DropdownMenuItem>
                <DropdownMenuItem onSelect={logout}>
                  <LogOut />
                  {t('nav.logout')}
                </DropdownMenuItem>
              </DropdownMenuContent>
            </DropdownMenu>
            <Button
              variant="ghost"
              size="icon"
              className="lg:hidden"
              aria-label={t('nav.menu')}
              onClick={() => setMenuOpen(true)}
            >
              <Menu />
            </Button>
          </div>
        </div>
      </header>
      <ViewingBanner user={user} />
      <OutOfCreditsBanner />
      <SideMenu open={menuOpen} onOpenChange={setMenuOpen} user={user} />
      <main>{children}</main>
    </div>
  );
}

/** Below 1024 px: navigation, Stats, the project list and Log Out in a side sheet. */
function SideMenu({
  open,
  onOpenChange,
  user,
}: {
  open: boolean;
  onOpenChange(open: boolean): void;
  user: CurrentUser;
}) {
  const { t } = useTranslation();
  const close = () => onOpenChange(false);
  return (
    <Dialog.Root open={open} onOpenChange={onOpenChange}>
      <Dialog.Portal>
        <Dialog.Overlay className="fixed inset-0 z-50 bg-black/40" />
        <Dialog.Content className="fixed inset-y-0 right-0 z-50 flex w-72 flex-col gap-1 border-l bg-card p-4 shadow-xl">
          <Dialog.Title className="truncate px-3 py-2 text-sm font-medium">
            {user.email}
          </Dialog.Title>
          <Dialog.Description className="px-3 text-xs text-muted-foreground">
            {t('nav.signedIn')}
          </Dialog.Description>
          <nav className="mt-3 flex flex-col gap-1">
            {NAV.map(([href, key]) => (
              <Link
                key={href}
                href={href}
                onClick={close}
                className="rounded-lg px-3 py-2 text-sm hover:bg-muted"
              >
                {t(key)}
              </Link>
            ))}
            <Link
              href="/stats"
              onClick={close}
              className="rounded-lg px-3 py-2 text-sm hover:bg-muted"
            >
              {t('nav.stats')}
            </Link>
          </nav>
          <div className="mt-4 border-t pt-4">
            <p className="px-3 text-xs font-medium uppercase text-muted-foreground">
              {t('nav.projects')}
            </p>
            <p className="px-3 py-2 text-sm text-muted-foreground">{t('nav.projectsEmpty')}</p>
          </div>
          <Button variant="outline" className="mt-auto" onClick={logout}>
            <LogOut />
            {t('nav.logout')}
          </Button>
        </Dialog.Content>
      </Dialog.Portal>
    </Dialog.Root>
  );
}
