import type { Project } from '@image-lab/contract';
import { Folder } from 'lucide-react';
import { EditorImage } from '@/components/EditorImage';
import { cn } from '@/lib/utils';

/** The project's newest image, or a folder when it has none. */
export function ProjectThumb({ project, className }: { project: Project; className?: string }) {
  const url = project.imageUrls.at(-1);
  return (
    <span
      className={cn(
        'grid shrink-0 place-items-center overflow-hidden rounded-lg bg-muted text-muted-foreground',
        className,
      )}
    >
      {url ? (
        <EditorImage
          key={url}
          url={url}
          sizes="64px"
          widths={[320]}
          alt=""
          loading="lazy"
          className="size-full object-cover"
        />
      ) : (
        <Folder className="size-1/2" />
      )}
    </span>
  );
}
