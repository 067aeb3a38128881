import type { EditedImageRecord } from '@image-lab/contract';
import { useMutation } from '@tanstack/react-query';
import { Copy, Download, Ellipsis, Link, Loader2 } from 'lucide-react';
import { useState, type ReactElement } from 'react';
import { useTranslation } from 'react-i18next';
import {
  DropdownMenu,
  DropdownMenuContent,
  DropdownMenuItem,
  DropdownMenuLabel,
  DropdownMenuSeparator,
  DropdownMenuTrigger,
} from '@/components/ui/dropdown-menu';
import { EditorImage } from '@/components/EditorImage';
import { downloadHref, namingText } from '@/lib/images/image-urls';
import { toast } from '@/hooks/use-toast';
import { createImageLink, knownImageLink, type ImageLink } from './image-link';
import {
  SHARE_TARGETS,
  shareFileName,
  shareTargetUrl,
  shareText,
  shareTitle,
  type SharedThing,
  type ShareTarget,
} from './share-text';
import { TargetMark } from './TargetMark';

const NAMES: Record<ShareTarget, string> = {
  x: 'X',
  linkedin: 'LinkedIn',
  reddit: 'Reddit',
  facebook: 'Facebook',
  whatsapp: 'WhatsApp',
  pinterest: 'Pinterest',
  telegram: 'Telegram',
};

const canShareNatively = () => typeof navigator !== 'undefined' && 'share' in navigator;

/**
 * Sharing the image on the canvas (working areas §2): the first step makes a public link to this
 * one image, on the person's say-so; then the networks, the share sheet and Copy link use it.
 */
export function ShareMenu({
  trigger,
  image,
  open,
  onOpenChange,
}: {
  trigger: ReactElement;
  image: EditedImageRecord;
  open: boolean;
  onOpenChange(open: boolean): void;
}) {
  const { t } = useTranslation();
  const [links, setLinks] = useState<Record<string, ImageLink>>({});
  const link = links[image.id] ?? knownImageLink(image.id);
  const create = useMutation({
    mutationFn: createImageLink,
    onSuccess: (made, imageId) => setLinks((all) => ({ ...all, [imageId]: made })),
    onError: () =>
      toast({
        title: t('share.failed'),
        description: t('share.failedBody'),
        variant: 'destructive',
      }),
  });
  const text = shareText(image.prompt);
  const thing = (made: ImageLink): SharedThing => ({
    url: made.url,
    title: shareTitle(image.prompt, t('share.defaultTitle')),
    text: text ? t('share.text', { prompt: text }) : t('share.textPlain'),
    imageUrl: made.imageUrl,
  });

  const copy = async (made: ImageLink) => {
    try {
      await navigator.clipboard.writeText(made.url);
      toast({ title: t('share.linkCopied'), description: t('share.linkCopiedBody') });
    } catch {
      toast({
        title: t('share.copyFailed'),
        description: t('share.copyFailedBody'),
        variant: 'destructive',
      });
    }
  };
  const nativeShare = async (made: ImageLink) => {
    const { url, title, text: body } = thing(made);
    try {
      await navigator.share({ url, title, text: body });
    } catch (error) {
      // Closing the sheet is not a failure; anything else falls back to copying the link.
      if (!(error instanceof DOMException && error.name === 'AbortError')) await copy(made);
    }
  };

  return (
    <DropdownMenu open={open} onOpenChange={onOpenChange}>
      <DropdownMenuTrigger asChild>{trigger}</DropdownMenuTrigger>
      <DropdownMenuContent className="w-72" data-testid="share-menu-content">
        <div className="flex items-center gap-3 px-2.5 py-2">
          <span className="size-11 shrink-0 overflow-hidden rounded-lg bg-muted">
            <EditorImage
              key={image.imageUrl}
              url={image.imageUrl}
              sizes="44px"
              widths={[320]}
              alt=""
              className="size-full object-cover"
            />
          </span>
          <span className="min-w-0">
            <span className="block truncate text-sm font-medium">
              {shareTitle(image.prompt, t('share.defaultTitle'))}
            </span>
            <span className="block text-xs text-muted-foreground">{t('share.menu')}</span>
          </span>
        </div>
        <DropdownMenuSeparator />
        {!link ? (
          <>
            <p className="px-2.5 py-1.5 text-xs text-muted-foreground">{t('share.linkNote')}</p>
            <DropdownMenuItem
              disabled={create.isPending}
              onSelect={(event) => {
                // The menu stays open: the networks appear once the link exists.
                event.preventDefault();
                create.mutate(image.id);
              }}
            >
              {create.isPending ? <Loader2 className="animate-spin" /> : <Link />}
              {create.isPending ? t('share.creating') : t('share.createLink')}
            </DropdownMenuItem>
          </>
        ) : (
          <>
            <DropdownMenuLabel>
              {t('share.to')}
              <span className="block font-normal">{t('share.linkExpires')}</span>
            </DropdownMenuLabel>
            <div className="grid grid-cols-2 gap-0.5">
              {SHARE_TARGETS.map((target) => (
                <DropdownMenuItem
                  key={target}
                  onSelect={() =>
                    window.open(
                      shareTargetUrl(target, thing(link)),
                      '_blank',
                      'noopener,noreferrer,width=640,height=640',
                    )
                  }
                >
                  <TargetMark target={target} />
                  {NAMES[target]}
                </DropdownMenuItem>
              ))}
            </div>
            <DropdownMenuSeparator />
            {canShareNatively() && (
              <DropdownMenuItem onSelect={() => void nativeShare(link)}>
                <Ellipsis />
                {t('share.native')}
              </DropdownMenuItem>
            )}
            <DropdownMenuItem onSelect={() => void copy(link)}>
              <Copy />
              {t('share.copyLink')}
            </DropdownMenuItem>
          </>
        )}
        <DropdownMenuSeparator />
        <DropdownMenuItem asChild>
          {/* Named by the share file-name rule, as the server's attachment is. */}
          <a
            href={downloadHref(image.imageUrl, 'png', namingText(image))}
            download={shareFileName(namingText(image))}
          >
            <Download />
            {t('share.download')}
          </a>
        </DropdownMenuItem>
      </DropdownMenuContent>
    </DropdownMenu>
  );
}
