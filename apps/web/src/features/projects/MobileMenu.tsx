import type { CurrentUser, Project } from '@image-lab/contract';
import { Check, FolderInput, FolderPlus, LogOut, Pencil, Save, Share2, Trash2 } from 'lucide-react';
import { Dialog } from 'radix-ui';
import { useTranslation } from 'react-i18next';
import { Link } from 'wouter';
import { Button } from '@/components/ui/button';
import { cn } from '@/lib/utils';
import { useActiveProject, useProjects } from './api';
import type { ProjectDialog } from './dialog-store';
import { useProjectActions } from './use-project-actions';
import { LANGUAGES } from '@/i18n';

const linkClass = 'rounded-lg px-3 py-2 text-sm hover:bg-muted';
const iconButton =
  'grid size-9 shrink-0 cursor-pointer place-items-center rounded-lg text-muted-foreground hover:bg-muted hover:text-foreground';

/** Below 1024 px: navigation, Stats, the project list and Log Out in a side sheet. */
export function MobileMenu({
  open,
  onOpenChange,
  user,
  nav,
  inEditor,
  onDialog,
}: {
  open: boolean;
  onOpenChange(open: boolean): void;
  user: CurrentUser;
  nav: readonly (readonly [string, string])[];
  /** Save is offered while the editor is on screen. */
  inEditor: boolean;
  onDialog(dialog: ProjectDialog): void;
}) {
  const { t } = useTranslation();
  const close = () => onOpenChange(false);
  // The sheet closes first, so the dialog's focus trap is the only one.
  const show = (dialog: ProjectDialog) => {
    close();
    onDialog(dialog);
  };
  return (
    <Dialog.Root open={open} onOpenChange={onOpenChange}>
      <Dialog.Portal>
        <Dialog.Overlay className="fixed inset-0 z-50 bg-black/40" />
        <Dialog.Content
          data-testid="mobile-menu"
          className="fixed inset-y-0 right-0 z-50 flex w-80 max-w-[88vw] flex-col gap-1 overflow-y-auto border-l bg-card p-4 shadow-xl outline-none"
        >
          <Dialog.Title className="truncate px-3 py-2 text-sm font-medium">
            {user.email}
          </Dialog.Title>
          <Dialog.Description className="px-3 text-xs text-muted-foreground">
            {t('nav.signedIn')}
          </Dialog.Description>
          <nav className="mt-3 flex flex-col gap-1">
            {nav.map(([href, key]) => (
              <Link key={href} href={href} onClick={close} className={linkClass}>
                {t(key)}
              </Link>
            ))}
            <Link href="/stats" onClick={close} className={linkClass}>
              {t('nav.stats')}
            </Link>
            <Link href="/settings" onClick={close} className={linkClass}>
              {t('settings.nav')}
            </Link>
          </nav>
          <LanguageChoice />
          <section className="mt-4 border-t pt-4" aria-labelledby="mobile-projects">
            <div className="flex items-center justify-between gap-2 px-3">
              <h2
                id="mobile-projects"
                className="text-xs font-medium uppercase text-muted-foreground"
              >
                {t('nav.projects')}
              </h2>
              <Button variant="ghost" size="sm" onClick={() => show({ kind: 'create' })}>
                <FolderPlus />
                {t('projects.actions.new')}
              </Button>
            </div>
            <div className="mt-1 flex flex-wrap gap-1 px-1">
              {inEditor && (
                <Button
                  variant="ghost"
                  size="sm"
                  onClick={() => show({ kind: 'save', saveAs: false })}
                >
                  <Save />
                  {t('projects.actions.saveShort')}
                </Button>
              )}
              <Button variant="ghost" size="sm" onClick={() => show({ kind: 'load' })}>
                <FolderInput />
                {t('projects.actions.openShort')}
              </Button>
            </div>
            <ProjectList onDialog={show} />
          </section>
          <Button
            variant="outline"
            className="mt-auto shrink-0"
            onClick={() => window.location.assign('/api/logout')}
          >
            <LogOut />
            {t('nav.logout')}
          </Button>
        </Dialog.Content>
      </Dialog.Portal>
    </Dialog.Root>
  );
}

function ProjectList({ onDialog }: { onDialog(dialog: ProjectDialog): void }) {
  const { t } = useTranslation();
  const projects = useProjects();
  const active = useActiveProject();
  const { switchTo } = useProjectActions();
  if (projects.isPending) {
    return <p className="px-3 py-2 text-sm text-muted-foreground">{t('projects.loading')}</p>;
  }
  if (projects.isError) {
    return (
      <p role="alert" className="px-3 py-2 text-sm text-destructive">
        {t('projects.errors.loadFailedBody')}
      </p>
    );
  }
  if (projects.data.length === 0) {
    return <p className="px-3 py-2 text-sm text-muted-foreground">{t('projects.empty')}</p>;
  }
  const row = (project: Project) => {
    const current = project.id === active.data?.id;
    return (
      <li key={project.id} className="flex items-center gap-0.5">
        <button
          type="button"
          disabled={switchTo.isPending}
          onClick={() => !current && switchTo.mutate({ project })}
          aria-current={current ? 'true' : undefined}
          className={cn(
            'flex min-w-0 flex-1 cursor-pointer items-center gap-2 rounded-lg px-3 py-2 text-left text-sm hover:bg-muted disabled:cursor-default',
            current && 'cursor-default bg-primary/10 font-medium text-primary hover:bg-primary/10',
          )}
        >
          <span className="min-w-0 flex-1 truncate">{project.name}</span>
          {current && <Check className="size-4 shrink-0" aria-label={t('projects.current')} />}
        </button>
        <button
          type="button"
          className={iconButton}
          aria-label={t('projects.actions.renameNamed', { name: project.name })}
          onClick={() => onDialog({ kind: 'rename', project })}
        >
          <Pencil className="size-4" />
        </button>
        <button
          type="button"
          className={cn(iconButton, project.isPublic && 'text-primary')}
          aria-label={t('projects.actions.shareNamed', { name: project.name })}
          onClick={() => onDialog({ kind: 'share', project })}
        >
          <Share2 className="size-4" />
        </button>
        <button
          type="button"
          className={cn(iconButton, 'hover:text-destructive')}
          aria-label={t('projects.actions.deleteNamed', { name: project.name })}
          onClick={() => onDialog({ kind: 'delete', project })}
        >
          <Trash2 className="size-4" />
        </button>
      </li>
    );
  };
  return (
    <ul className="mt-1 max-h-64 overflow-y-auto" data-testid="mobile-project-list">
      {projects.data.map(row)}
    </ul>
  );
}

/** The header's language picker is hidden on phones: the side menu offers the same choice. */
function LanguageChoice() {
  const { t, i18n } = useTranslation();
  const current = i18n.resolvedLanguage ?? 'en';
  return (
    <div
      role="radiogroup"
      aria-label={t('nav.language')}
      className="mt-2 flex gap-1 px-3"
      data-testid="mobile-language"
    >
      {LANGUAGES.map((language) => (
        <Button
          key={language.code}
          type="button"
          role="radio"
          aria-checked={current === language.code}
          lang={language.code}
          size="sm"
          variant={current === language.code ? 'outline' : 'ghost'}
          onClick={() => void i18n.changeLanguage(language.code)}
        >
          {language.label}
        </Button>
      ))}
    </div>
  );
}
