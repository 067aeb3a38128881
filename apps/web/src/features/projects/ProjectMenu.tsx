import { ChevronsUpDown, FolderOpen } from 'lucide-react';
import { lazy, Suspense } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '@/components/ui/button';
import { useEditorSnapshot } from '@/features/share/current-image';
import { cn } from '@/lib/utils';
import { useActiveProject } from './api';
import { openProjectDialog } from './dialog-store';
import { useLazyMenu } from '@/hooks/use-lazy-menu';

const loadMenus = () => import('./HeaderMenus');
const ProjectDropdown = lazy(() => loadMenus().then((m) => ({ default: m.ProjectDropdown })));

/**
 * The header's project menu (signed-in only): the active project's name; the menu itself loads
 * the first time it is opened.
 */
export function ProjectMenu({ className }: { className?: string }) {
  const { t } = useTranslation();
  const active = useActiveProject();
  const menu = useLazyMenu();
  const inEditor = useEditorSnapshot() !== null;
  const name = active.data?.name ?? t('projects.none');
  const trigger = (
    <Button
      variant="outline"
      size="sm"
      data-testid="project-menu"
      aria-label={t('projects.menuFor', { name })}
      title={name}
      onClick={menu.firstClick}
      onPointerEnter={() => void loadMenus()}
      onFocus={() => void loadMenus()}
      className={cn('h-10 max-w-44 justify-start gap-2 xl:max-w-56', className)}
    >
      <FolderOpen className="text-primary" />
      <span className={cn('truncate', !active.data && 'text-muted-foreground')}>{name}</span>
      <ChevronsUpDown className="ml-auto text-muted-foreground" />
    </Button>
  );
  if (!menu.wanted) return trigger;
  return (
    <Suspense fallback={trigger}>
      <ProjectDropdown
        trigger={trigger}
        open={menu.open}
        onOpenChange={menu.onOpenChange}
        inEditor={inEditor}
        onDialog={openProjectDialog}
      />
    </Suspense>
  );
}
