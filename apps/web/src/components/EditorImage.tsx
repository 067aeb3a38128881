import { useState, type ComponentProps } from 'react';
import { rewriteDevHostUrl } from '@/lib/gallery-utils';
import { cn } from '@/lib/utils';
import { optimizedSrc } from '@/lib/images/image-urls';

const CANVAS_WIDTHS = [640, 960, 1280, 1920];

/**
 * One of our images at a size that fits its box (optimize-image), falling back to the original
 * file when the resized copy cannot be had. Give it a `key` of the address to reset the fallback.
 */
export function EditorImage({
  url,
  sizes,
  widths = CANVAS_WIDTHS,
  className,
  ...props
}: { url: string; sizes: string; widths?: number[] } & Omit<ComponentProps<'img'>, 'src'>) {
  const [useOriginal, setUseOriginal] = useState(false);
  const [loaded, setLoaded] = useState(false);
  const address = rewriteDevHostUrl(url);
  return (
    <img
      {...props}
      src={useOriginal ? address : optimizedSrc(address, widths[widths.length - 1]!)}
      srcSet={
        useOriginal ? undefined : widths.map((w) => `${optimizedSrc(address, w)} ${w}w`).join(', ')
      }
      sizes={sizes}
      decoding="async"
      draggable={false}
      onLoad={() => setLoaded(true)}
      onError={() => setUseOriginal(true)}
      className={cn(
        'transition-opacity duration-200',
        loaded ? 'opacity-100' : 'opacity-0',
        className,
      )}
    />
  );
}
