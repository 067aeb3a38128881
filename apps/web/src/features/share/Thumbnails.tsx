import type { SharedProjectImage } from '@image-lab/contract';
import { useTranslation } from 'react-i18next';
import { cn } from '@/lib/utils';
import { SharedImage } from './SharedImage';

/** A strip of the project's images; the current one is marked. */
export function Thumbnails({
  images,
  index,
  onIndex,
  dark = false,
}: {
  images: SharedProjectImage[];
  index: number;
  onIndex(index: number): void;
  dark?: boolean;
}) {
  const { t } = useTranslation();
  if (images.length < 2) return null;
  return (
    <ol
      className="flex gap-2 overflow-x-auto px-1 py-2 scrollbar-none"
      aria-label={t('share.page.thumbnails')}
    >
      {images.map((image, i) => (
        <li key={image.id} className="shrink-0">
          <button
            type="button"
            onClick={() => onIndex(i)}
            aria-label={t('share.page.goTo', { n: i + 1 })}
            aria-current={i === index ? 'true' : undefined}
            className={cn(
              'block size-14 cursor-pointer overflow-hidden rounded-md opacity-60 transition hover:opacity-100 sm:size-16',
              dark ? 'ring-white' : 'ring-primary',
              i === index && 'opacity-100 ring-2',
            )}
          >
            <SharedImage
              image={image}
              alt=""
              loading="lazy"
              width={64}
              height={64}
              className="size-full object-cover"
            />
          </button>
        </li>
      ))}
    </ol>
  );
}
