import { Check, Loader2, RotateCw } from 'lucide-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '@/components/ui/button';
import { Badge } from '@/components/ui/card';
import { relativeTime } from '@/features/share/shared-project-utils';
import { cn } from '@/lib/utils';
import { useActiveProject, useProjects } from './api';
import { Modal } from '@/components/ui/modal';
import { ProjectThumb } from './ProjectThumb';
import { useProjectActions } from './use-project-actions';

/** Open a project: it becomes the active one and the editor shows its newest image. */
export function LoadProjectDialog({ onClose }: { onClose(): void }) {
  const { t, i18n } = useTranslation();
  const projects = useProjects();
  const active = useActiveProject();
  const { switchTo } = useProjectActions();
  // The times are read once, when the dialog opens.
  const [now] = useState(() => Date.now());
  return (
    <Modal
      open
      onOpenChange={(open) => !open && onClose()}
      title={t('projects.loadDialog.title')}
      description={t('projects.loadDialog.body')}
      className="max-w-lg"
      testId="load-project-dialog"
    >
      {projects.isPending ? (
        <p role="status" className="flex items-center gap-2 text-sm text-muted-foreground">
          <Loader2 className="size-4 animate-spin" />
          {t('projects.loading')}
        </p>
      ) : projects.isError ? (
        <div role="alert" className="grid justify-items-start gap-2 text-sm">
          <p className="font-medium text-destructive">{t('projects.errors.loadFailed')}</p>
          <p className="text-muted-foreground">{t('projects.errors.loadFailedBody')}</p>
          <Button variant="outline" size="sm" onClick={() => void projects.refetch()}>
            <RotateCw />
            {t('projects.retry')}
          </Button>
        </div>
      ) : projects.data.length === 0 ? (
        <p className="py-6 text-center text-sm text-muted-foreground">{t('projects.empty')}</p>
      ) : (
        <ul className="-mx-2 grid max-h-[min(24rem,60dvh)] gap-1 overflow-y-auto px-2">
          {projects.data.map((project) => {
            const current = project.id === active.data?.id;
            const opening = switchTo.isPending && switchTo.variables.project.id === project.id;
            return (
              <li key={project.id}>
                <button
                  type="button"
                  disabled={switchTo.isPending}
                  onClick={() => switchTo.mutate({ project, open: true })}
                  className={cn(
                    'flex w-full cursor-pointer items-center gap-3 rounded-xl border p-2 text-left transition-colors hover:bg-muted disabled:cursor-wait',
                    current && 'border-primary/50 bg-primary/5',
                  )}
                >
                  <ProjectThumb project={project} className="size-14" />
                  <span className="min-w-0 flex-1">
                    <span className="block truncate font-medium">{project.name}</span>
                    <span className="block truncate text-xs text-muted-foreground">
                      {t('projects.imageCount', { count: project.imageCount })} ·{' '}
                      {t('projects.loadDialog.updated', {
                        time: relativeTime(project.updatedAt, now, i18n.language),
                      })}
                    </span>
                  </span>
                  {opening ? (
                    <Loader2 className="size-4 animate-spin text-muted-foreground" />
                  ) : current ? (
                    <Badge className="gap-1 border-primary/40 text-primary">
                      <Check className="size-3" />
                      {t('projects.current')}
                    </Badge>
                  ) : null}
                </button>
              </li>
            );
          })}
        </ul>
      )}
    </Modal>
  );
}
