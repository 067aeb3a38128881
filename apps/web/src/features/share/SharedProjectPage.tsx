import type { SharedProjectResponse } from '@image-lab/contract';
import { ArrowLeft, Eye, FolderX, Images, Grid2x2, Loader2, Square, UserRound } from 'lucide-react';
import { useEffect, useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'wouter';
import { Button } from '@/components/ui/button';
import { Badge, Card } from '@/components/ui/card';
import { wrapIndex } from '@/lib/wrap-index';
import { cn } from '@/lib/utils';
import { useCurrentUser } from '@/hooks/use-current-user';
import { relativeTime, sharedImageFileName } from './shared-project-utils';
import { SharedGrid, type ViewerActions } from './SharedGrid';
import { SharedSingle } from './SharedSingle';
import { SharedViewer } from './SharedViewer';
import { useSharedDownload, useSharePage } from './use-shared-download';
import { useSharedProject } from './use-shared-project';

/** The public project viewer at /share/{token} (foundations §2.11): no sign-in. */
export function SharedProjectPage({ token }: { token: string }) {
  const { t } = useTranslation();
  const project = useSharedProject(token);
  if (project.isPending) {
    return (
      <p role="status" className="flex justify-center gap-2 py-24 text-muted-foreground">
        <Loader2 className="size-5 animate-spin" />
        {t('share.page.loading')}
      </p>
    );
  }
  if (project.isError) return <NotFoundCard />;
  return <Project project={project.data} />;
}

function NotFoundCard() {
  const { t } = useTranslation();
  return (
    <div className="mx-auto max-w-md px-4 py-20">
      <Card className="grid justify-items-center gap-3 text-center" data-testid="project-not-found">
        <span className="grid size-14 place-items-center rounded-2xl bg-muted text-muted-foreground">
          <FolderX className="size-7" />
        </span>
        <h1 className="text-xl font-bold tracking-tight">{t('share.page.notFound')}</h1>
        <p className="text-sm text-muted-foreground">{t('share.page.notFoundBody')}</p>
        <Button asChild className="mt-3">
          <Link href="/">{t('share.page.home')}</Link>
        </Button>
      </Card>
    </div>
  );
}

function Meta({ icon, children }: { icon: ReactNode; children: ReactNode }) {
  return (
    <span className="inline-flex items-center gap-1.5 [&_svg]:size-4 [&_svg]:shrink-0">
      {icon}
      {children}
    </span>
  );
}

function Project({ project }: { project: SharedProjectResponse }) {
  const { t, i18n } = useTranslation();
  const { isSignedIn } = useCurrentUser();
  const [view, setView] = useState<'grid' | 'single'>('grid');
  const [index, setIndex] = useState(0);
  const [viewerOpen, setViewerOpen] = useState(false);
  const [openedAt] = useState(() => Date.now());
  const download = useSharedDownload();
  const sharePage = useSharePage();
  const images = project.images;
  const step = (delta: -1 | 1) => setIndex((i) => wrapIndex(i + delta, images.length));
  const owner = project.owner ? project.ownerName : t('share.page.anonymous');
  const actions: ViewerActions = {
    onOpen: (i) => {
      setIndex(i);
      setViewerOpen(true);
    },
    onDownload: (i) => {
      const image = images[i];
      if (image) void download(image.imageUrl, sharedImageFileName(project.name, i + 1));
    },
    onShare: () => void sharePage(project.name),
  };

  // Single view: arrow keys walk the images (the fullscreen viewer handles its own).
  useEffect(() => {
    if (view !== 'single' || viewerOpen || images.length < 2) return;
    const onKey = (event: KeyboardEvent) => {
      const target = event.target as HTMLElement | null;
      if (target?.closest('input, textarea, select, [contenteditable="true"]')) return;
      if (event.key === 'ArrowLeft') setIndex((i) => wrapIndex(i - 1, images.length));
      else if (event.key === 'ArrowRight') setIndex((i) => wrapIndex(i + 1, images.length));
    };
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, [view, viewerOpen, images.length]);

  const toggle = (value: 'grid' | 'single', label: string, icon: ReactNode) => (
    <button
      type="button"
      aria-pressed={view === value}
      onClick={() => setView(value)}
      className={cn(
        'inline-flex h-9 cursor-pointer items-center gap-1.5 rounded-md px-3 text-sm font-medium text-muted-foreground transition-colors hover:text-foreground [&_svg]:size-4',
        view === value && 'bg-card text-foreground shadow-sm',
      )}
    >
      {icon}
      {label}
    </button>
  );

  return (
    <div className="mx-auto max-w-7xl px-4 py-6 sm:px-6 sm:py-8">
      <Button asChild variant="ghost" size="sm" className="-ml-3 text-muted-foreground">
        <Link href="/">
          <ArrowLeft />
          {isSignedIn ? t('share.page.back') : t('share.page.home')}
        </Link>
      </Button>
      <header className="mt-3 flex flex-wrap items-end justify-between gap-4">
        <div className="min-w-0 max-w-3xl">
          <div className="flex flex-wrap items-center gap-3">
            <h1 className="break-words text-2xl font-bold tracking-tight sm:text-3xl">
              {project.name}
            </h1>
            <Badge className="gap-1 border-primary/40 bg-primary/10 text-primary">
              <Images className="size-3.5" />
              {t('share.page.images', { count: project.imageCount })}
            </Badge>
          </div>
          {project.description && (
            <p className="mt-2 whitespace-pre-line text-muted-foreground">{project.description}</p>
          )}
          <p className="mt-3 flex flex-wrap gap-x-4 gap-y-1 text-sm text-muted-foreground">
            <Meta icon={<UserRound />}>{t('share.page.by', { name: owner })}</Meta>
            <Meta icon={null}>
              <time
                dateTime={project.createdAt}
                title={new Date(project.createdAt).toLocaleString(i18n.language)}
              >
                {t('share.page.created', {
                  time: relativeTime(project.createdAt, openedAt, i18n.language),
                })}
              </time>
            </Meta>
            <Meta icon={<Eye />}>{t('share.page.views', { count: project.viewCount })}</Meta>
          </p>
        </div>
        {images.length > 0 && (
          <div
            role="group"
            aria-label={t('share.page.view')}
            className="flex rounded-lg bg-muted p-1"
          >
            {toggle('grid', t('share.page.grid'), <Grid2x2 />)}
            {toggle('single', t('share.page.single'), <Square />)}
          </div>
        )}
      </header>
      <div className="mt-6">
        {images.length === 0 ? (
          <p className="rounded-2xl border border-dashed py-16 text-center text-muted-foreground">
            {t('share.page.empty')}
          </p>
        ) : view === 'grid' ? (
          <SharedGrid images={images} name={project.name} actions={actions} />
        ) : (
          <SharedSingle
            images={images}
            index={index}
            onIndex={setIndex}
            onStep={step}
            name={project.name}
            actions={actions}
          />
        )}
      </div>
      {viewerOpen && (
        <SharedViewer
          images={images}
          index={index}
          name={project.name}
          onIndex={setIndex}
          onStep={step}
          onClose={() => setViewerOpen(false)}
          onDownload={actions.onDownload}
        />
      )}
    </div>
  );
}
