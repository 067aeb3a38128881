import { Upload } from 'lucide-react';
import { useRef, useState, type DragEvent, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { cn } from '@/lib/utils';
import { firstFile } from '@/lib/images/file-checks';
import { BusyOverlay } from './BusyOverlay';

const hasFiles = (event: DragEvent) => event.dataTransfer.types.includes('Files');

/**
 * The canvas frame: a height set by the screen, not the image, so switching between blank, image, grid and compare never
 * moves the prompt below it. Files dropped anywhere on it are uploaded.
 */
export function CanvasStage({
  onFile,
  busy,
  progress,
  children,
}: {
  onFile(file: File | undefined): void;
  busy: 'uploading' | 'generating' | null;
  progress: number | null;
  children: ReactNode;
}) {
  const { t } = useTranslation();
  const [dragging, setDragging] = useState(false);
  const depth = useRef(0);

  const onDragEnter = (event: DragEvent) => {
    if (!hasFiles(event)) return;
    event.preventDefault();
    depth.current += 1;
    setDragging(true);
  };
  const onDragLeave = (event: DragEvent) => {
    if (!hasFiles(event)) return;
    depth.current = Math.max(0, depth.current - 1);
    if (depth.current === 0) setDragging(false);
  };
  const onDrop = (event: DragEvent) => {
    if (!hasFiles(event)) return;
    event.preventDefault();
    depth.current = 0;
    setDragging(false);
    onFile(firstFile(event.dataTransfer.files));
  };

  return (
    <div
      data-testid="canvas"
      onDragEnter={onDragEnter}
      onDragOver={(event) => hasFiles(event) && event.preventDefault()}
      onDragLeave={onDragLeave}
      onDrop={onDrop}
      className={cn(
        'group/stage relative h-(--stage-h) overflow-hidden rounded-2xl border bg-muted/40',
        // The height is a variable so crop mode can size the image to fit inside it.
        '[--stage-h:max(300px,52vh)] sm:[--stage-h:max(300px,58vh)]',
        // On wide screens the toolbar, a two-line selection bar (German, French), the canvas and the
        // prompt with Send fit one screen (1280×800).
        'lg:[--stage-h:clamp(340px,calc(100dvh-415px),720px)]',
        'bg-[radial-gradient(circle,var(--border)_1px,transparent_1px)] [background-size:16px_16px]',
      )}
    >
      {children}
      {dragging && (
        <div className="pointer-events-none absolute inset-2 z-20 grid place-items-center rounded-xl border-2 border-dashed border-primary bg-primary/10 backdrop-blur-sm">
          <p className="flex items-center gap-2 font-semibold text-primary">
            <Upload className="size-5" />
            {t('editor.canvas.dropHere')}
          </p>
        </div>
      )}
      {busy && <BusyOverlay kind={busy} progress={progress} />}
    </div>
  );
}
