import { useMutation } from '@tanstack/react-query';
import { Presentation } from 'lucide-react';
import { DropdownMenu } from 'radix-ui';
import { useTranslation } from 'react-i18next';
import { Link } from 'wouter';
import { Button } from '@/components/ui/button';
import { useActiveProject, sendToWhiteboard } from '@/features/whiteboard/api';
import { toast } from '@/hooks/use-toast';
import { useIsGuest } from '@/providers/editor-mode';

/**
 * The image's right-click menu, opened at the pointer. A dropdown anchored to a zero-size point
 * rather than Radix's ContextMenu, so the canvas image is not wrapped by (and remounted into) a
 * trigger when this code arrives after the first screen.
 */
export function ImageMenuAtPoint({
  imageUrl,
  point,
  onClose,
}: {
  imageUrl: string;
  point: { x: number; y: number };
  onClose(): void;
}) {
  const { t } = useTranslation();
  const guest = useIsGuest();
  const active = useActiveProject(!guest);
  const send = useMutation({
    // The board of the project the editor works in; the account's default board without one.
    mutationFn: () => sendToWhiteboard(imageUrl, active.data?.id ?? null),
    onSuccess: () =>
      toast({
        title: t('whiteboard.toast.sent'),
        description: t('whiteboard.toast.sentBody'),
        action: (
          <Button asChild size="sm" variant="outline" className="shrink-0 text-foreground">
            <Link href="/whiteboard">{t('whiteboard.toast.open')}</Link>
          </Button>
        ),
      }),
    onError: (error) =>
      toast({
        title: t('whiteboard.toast.sendFailed'),
        description: error instanceof Error ? error.message : undefined,
        variant: 'destructive',
      }),
  });
  // Guests have no board: the item says so, and choosing it invites them to sign up.
  const needsAccount = () =>
    toast({
      title: t('whiteboard.toast.needsAccount'),
      description: t('whiteboard.toast.needsAccountBody'),
      action: (
        <Button asChild size="sm" variant="outline" className="shrink-0 text-foreground">
          <Link href="/signup">{t('whiteboard.toast.signUp')}</Link>
        </Button>
      ),
    });

  return (
    <DropdownMenu.Root open modal={false} onOpenChange={(open) => !open && onClose()}>
      <DropdownMenu.Trigger asChild>
        <span
          aria-hidden
          className="pointer-events-none fixed size-0"
          style={{ left: point.x, top: point.y }}
        />
      </DropdownMenu.Trigger>
      <DropdownMenu.Portal>
        <DropdownMenu.Content
          align="start"
          sideOffset={2}
          collisionPadding={8}
          data-testid="image-context-menu"
          className="z-50 min-w-52 rounded-xl border bg-card p-1.5 text-foreground shadow-xl"
        >
          <DropdownMenu.Item
            disabled={send.isPending}
            onSelect={guest ? needsAccount : () => send.mutate()}
            className="flex cursor-pointer select-none items-center gap-2 rounded-lg px-2.5 py-2 text-sm outline-none data-[highlighted]:bg-muted data-[disabled]:opacity-50 [&_svg]:size-4"
          >
            <Presentation />
            <span className="grid">
              {t('whiteboard.send.label')}
              {guest && (
                <span className="text-xs text-muted-foreground">{t('whiteboard.send.guest')}</span>
              )}
            </span>
          </DropdownMenu.Item>
        </DropdownMenu.Content>
      </DropdownMenu.Portal>
    </DropdownMenu.Root>
  );
}
