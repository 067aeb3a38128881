import type { CurrentUser } from '@image-lab/contract';
import { Menu, User } from 'lucide-react';
import { lazy, Suspense, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '@/components/ui/button';
import { useEditorSnapshot } from '@/features/share/current-image';
import { ShareButton } from '@/features/share/ShareButton';
import { openProjectDialog } from './dialog-store';
import { useLazyMenu } from '@/hooks/use-lazy-menu';
import { ProjectDialogsHost } from './ProjectDialogsHost';
import { ProjectMenu } from './ProjectMenu';

const loadMenus = () => import('./HeaderMenus');
const UserDropdown = lazy(() => loadMenus().then((m) => ({ default: m.UserDropdown })));
const MobileMenu = lazy(() => import('./MobileMenu').then((m) => ({ default: m.MobileMenu })));

/**
 * The header's signed-in controls, loaded beside the first screen rather than in it (the
 * landing page shares that bundle): the project menu, the share menu and the project dialogs.
 */
export function ProjectControls() {
  return (
    <>
      <ProjectMenu className="mr-1 hidden lg:inline-flex" />
      <ShareButton />
      <ProjectDialogsHost />
    </>
  );
}

/** The account menu (identifier, 'Signed in', Stats, Settings, Log Out), from 1024 px. */
export function AccountMenu({ user }: { user: CurrentUser }) {
  const { t } = useTranslation();
  const menu = useLazyMenu();
  const trigger = (
    <Button
      variant="ghost"
      size="icon"
      aria-label={t('nav.account')}
      className="hidden lg:inline-flex"
      onClick={menu.firstClick}
      onPointerEnter={() => void loadMenus()}
      onFocus={() => void loadMenus()}
    >
      <User />
    </Button>
  );
  if (!menu.wanted) return trigger;
  return (
    <Suspense fallback={trigger}>
      <UserDropdown
        trigger={trigger}
        open={menu.open}
        onOpenChange={menu.onOpenChange}
        user={user}
      />
    </Suspense>
  );
}

/** Below 1024 px: the button of the side menu (navigation, Stats, projects, Log Out). */
export function MobileMenuButton({
  user,
  nav,
}: {
  user: CurrentUser;
  nav: readonly (readonly [string, string])[];
}) {
  const { t } = useTranslation();
  const [open, setOpen] = useState(false);
  const [wanted, setWanted] = useState(false);
  const inEditor = useEditorSnapshot() !== null;
  return (
    <>
      <Button
        variant="ghost"
        size="icon"
        className="lg:hidden"
        aria-label={t('nav.menu')}
        onClick={() => {
          setWanted(true);
          setOpen(true);
        }}
      >
        <Menu />
      </Button>
      {wanted && (
        <Suspense fallback={null}>
          <MobileMenu
            open={open}
            onOpenChange={setOpen}
            user={user}
            nav={nav}
            inEditor={inEditor}
            onDialog={openProjectDialog}
          />
        </Suspense>
      )}
    </>
  );
}
