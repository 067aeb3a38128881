import type { Project } from '@image-lab/contract';
import { Copy, ExternalLink, Globe, Loader2, LockKeyhole } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Button } from '@/components/ui/button';
import { Input } from '@/components/ui/input';
import { Switch } from '@/components/ui/switch';
import { cn } from '@/lib/utils';
import { useProjects } from './api';
import { Modal } from '@/components/ui/modal';
import { useProjectActions } from './use-project-actions';

/**
 * A project's public link (working areas §4): switching it on makes the project public and
 * copies the link; switching it off makes the link stop working at once.
 */
export function ShareProjectDialog({ project, onClose }: { project: Project; onClose(): void }) {
  const { t } = useTranslation();
  const { share, copyLink } = useProjectActions();
  const projects = useProjects();
  // The list is fetched again after each change; until then the answer of the change stands.
  const latest = projects.data?.find((p) => p.id === project.id) ?? project;
  const answer = share.data;
  const isPublic = share.isPending
    ? share.variables.isPublic
    : (answer?.isPublic ?? latest.isPublic);
  const shareUrl = isPublic ? (answer?.shareUrl ?? latest.shareUrl) : null;
  const toggle = () => share.mutate({ project: latest, isPublic: !isPublic });

  return (
    <Modal
      open
      onOpenChange={(open) => !open && onClose()}
      title={t('projects.shareDialog.title', { name: latest.name })}
      description={t('projects.shareDialog.body')}
      testId="share-project-dialog"
    >
      <div className="flex items-center gap-3 rounded-xl border p-3">
        <span
          className={cn(
            'grid size-10 shrink-0 place-items-center rounded-lg',
            isPublic ? 'bg-primary/10 text-primary' : 'bg-muted text-muted-foreground',
          )}
        >
          {isPublic ? <Globe className="size-5" /> : <LockKeyhole className="size-5" />}
        </span>
        <div className="min-w-0 flex-1">
          <p id="share-toggle-label" className="text-sm font-medium">
            {t('projects.shareDialog.toggle')}
          </p>
          <p className="text-xs text-muted-foreground">
            {isPublic ? t('projects.shareDialog.on') : t('projects.shareDialog.off')}
          </p>
        </div>
        <Switch
          checked={isPublic}
          labelledBy="share-toggle-label"
          disabled={share.isPending}
          onChange={toggle}
        />
      </div>
      {share.isPending && (
        <p role="status" className="flex items-center gap-2 text-sm text-muted-foreground">
          <Loader2 className="size-4 animate-spin" />
          {t('projects.shareDialog.updating')}
        </p>
      )}
      {shareUrl && !share.isPending && (
        <div className="grid gap-2">
          <label htmlFor="project-share-url" className="text-sm font-medium">
            {t('projects.shareDialog.link')}
          </label>
          <div className="flex gap-2">
            <Input
              id="project-share-url"
              readOnly
              value={shareUrl}
              onFocus={(event) => event.currentTarget.select()}
              className="min-w-0 flex-1 font-mono text-xs"
            />
            <Button
              variant="outline"
              size="icon"
              aria-label={t('projects.shareDialog.copy')}
              onClick={() => void copyLink(shareUrl)}
            >
              <Copy />
            </Button>
            <Button asChild variant="outline" size="icon">
              <a
                href={shareUrl}
                target="_blank"
                rel="noopener noreferrer"
                aria-label={t('projects.shareDialog.open')}
              >
                <ExternalLink />
              </a>
            </Button>
          </div>
        </div>
      )}
    </Modal>
  );
}
