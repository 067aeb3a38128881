import type { CurrentUser } from '@image-lab/contract';
import {
  BarChart3,
  Check,
  ChevronRight,
  CopyPlus,
  FolderInput,
  Folder,
  FolderPlus,
  Globe,
  LogOut,
  Pencil,
  Save,
  Settings,
  UsersRound,
  Share2,
  Trash2,
} from 'lucide-react';
import { DropdownMenu as Menu } from 'radix-ui';
import type { ReactElement } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'wouter';
import {
  DropdownMenu,
  DropdownMenuContent,
  DropdownMenuItem,
  DropdownMenuLabel,
  DropdownMenuSeparator,
  DropdownMenuTrigger,
} from '@/components/ui/dropdown-menu';
import { cn } from '@/lib/utils';
import { useActiveProject, useProjects } from './api';
import type { ProjectDialog } from './dialog-store';
import { useProjectActions } from './use-project-actions';

const itemClass =
  'flex cursor-pointer select-none items-center gap-2 rounded-lg px-2.5 py-2 text-sm outline-none data-[highlighted]:bg-muted data-[state=open]:bg-muted data-[disabled]:cursor-default data-[disabled]:opacity-50 [&_svg]:size-4';

interface LazyMenuProps {
  trigger: ReactElement;
  open: boolean;
  onOpenChange(open: boolean): void;
}

/** The project menu: mounted, open, by the first click on its trigger. */
export function ProjectDropdown({
  trigger,
  open,
  onOpenChange,
  inEditor,
  onDialog,
}: LazyMenuProps & {
  /** Save and Save As are offered while the editor is on screen. */
  inEditor: boolean;
  onDialog(dialog: ProjectDialog): void;
}) {
  const { t } = useTranslation();
  const active = useActiveProject();
  const projects = useProjects();
  const { switchTo } = useProjectActions();
  const activeId = active.data?.id;
  return (
    <DropdownMenu open={open} onOpenChange={onOpenChange}>
      <DropdownMenuTrigger asChild>{trigger}</DropdownMenuTrigger>
      <DropdownMenuContent align="start" className="w-72" data-testid="project-menu-content">
        <DropdownMenuLabel>{t('projects.current')}</DropdownMenuLabel>
        <p className="truncate px-2.5 pb-1.5 text-sm font-semibold">
          {active.data?.name ?? t('projects.none')}
        </p>
        {inEditor && (
          <>
            <DropdownMenuItem onSelect={() => onDialog({ kind: 'save', saveAs: false })}>
              <Save />
              {t('projects.actions.save')}
            </DropdownMenuItem>
            <DropdownMenuItem onSelect={() => onDialog({ kind: 'save', saveAs: true })}>
              <CopyPlus />
              {t('projects.actions.saveAs')}
            </DropdownMenuItem>
          </>
        )}
        <DropdownMenuItem onSelect={() => onDialog({ kind: 'create' })}>
          <FolderPlus />
          {t('projects.actions.create')}
        </DropdownMenuItem>
        <DropdownMenuItem onSelect={() => onDialog({ kind: 'load' })}>
          <FolderInput />
          {t('projects.actions.open')}
        </DropdownMenuItem>
        <DropdownMenuSeparator />
        <DropdownMenuLabel>{t('projects.list')}</DropdownMenuLabel>
        {projects.isPending ? (
          <p className="px-2.5 py-2 text-sm text-muted-foreground">{t('projects.loading')}</p>
        ) : projects.isError ? (
          <p role="alert" className="px-2.5 py-2 text-sm text-destructive">
            {t('projects.errors.loadFailedBody')}
          </p>
        ) : projects.data.length === 0 ? (
          <p className="px-2.5 py-2 text-sm text-muted-foreground">{t('projects.empty')}</p>
        ) : (
          <div className="max-h-64 overflow-y-auto" data-testid="project-list">
            {projects.data.map((project) => {
              const current = project.id === activeId;
              return (
                <Menu.Sub key={project.id}>
                  <Menu.SubTrigger className={itemClass}>
                    {current ? (
                      <Check className="text-primary" aria-label={t('projects.current')} />
                    ) : (
                      <Folder className="text-muted-foreground" />
                    )}
                    <span className="min-w-0 flex-1 truncate">{project.name}</span>
                    {project.isPublic && (
                      <Globe className="text-primary" aria-label={t('projects.public')} />
                    )}
                    <span className="text-xs tabular-nums text-muted-foreground">
                      {project.imageCount}
                    </span>
                    <ChevronRight className="text-muted-foreground" />
                  </Menu.SubTrigger>
                  <Menu.Portal>
                    <Menu.SubContent
                      sideOffset={4}
                      className="z-50 min-w-48 rounded-xl border bg-card p-1.5 text-foreground shadow-xl"
                    >
                      <Menu.Item
                        className={itemClass}
                        disabled={current || switchTo.isPending}
                        onSelect={() => switchTo.mutate({ project })}
                      >
                        <Folder />
                        {current ? t('projects.current') : t('projects.actions.switch')}
                      </Menu.Item>
                      <Menu.Item
                        className={itemClass}
                        onSelect={() => onDialog({ kind: 'rename', project })}
                      >
                        <Pencil />
                        {t('projects.actions.rename')}
                      </Menu.Item>
                      <Menu.Item
                        className={itemClass}
                        onSelect={() => onDialog({ kind: 'share', project })}
                      >
                        <Share2 />
                        {t('projects.actions.share')}
                      </Menu.Item>
                      <Menu.Separator className="my-1 h-px bg-border" />
                      <Menu.Item
                        className={cn(itemClass, 'text-destructive')}
                        onSelect={() => onDialog({ kind: 'delete', project })}
                      >
                        <Trash2 />
                        {t('projects.actions.delete')}
                      </Menu.Item>
                    </Menu.SubContent>
                  </Menu.Portal>
                </Menu.Sub>
              );
            })}
          </div>
        )}
      </DropdownMenuContent>
    </DropdownMenu>
  );
}

const logout = () => window.location.assign('/api/logout');

/** The account menu: who is signed in, Stats, Settings, Log Out. */
export function UserDropdown({
  trigger,
  open,
  onOpenChange,
  user,
}: LazyMenuProps & { user: CurrentUser }) {
  const { t } = useTranslation();
  return (
    <DropdownMenu open={open} onOpenChange={onOpenChange}>
      <DropdownMenuTrigger asChild>{trigger}</DropdownMenuTrigger>
      <DropdownMenuContent>
        <DropdownMenuLabel>
          <span className="block truncate text-sm text-foreground">{user.email || user.id}</span>
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
          <Link href="/account-sharing">
            <UsersRound />
            {t('nav.accountSharing')}
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
  );
}
