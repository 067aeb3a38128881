import { X } from 'lucide-react';
import { Toast } from 'radix-ui';
import { useTranslation } from 'react-i18next';
import { dismissToast, useToast } from '@/hooks/use-toast';
import { TOAST_DURATION } from '@/hooks/toast-store';
import { cn } from '@/lib/utils';

/** The toast area: one at a time, swipe right to dismiss, F8 to focus. */
export function ToastRegion() {
  const { toasts } = useToast();
  const { t } = useTranslation();
  return (
    <Toast.Provider
      duration={TOAST_DURATION}
      swipeDirection="right"
      swipeThreshold={50}
      label={t('toast.region')}
    >
      {toasts.map(({ id, title, description, action, variant, open, duration }) => (
        <Toast.Root
          key={id}
          open={open}
          duration={duration}
          onOpenChange={(next) => !next && dismissToast(id)}
          className={cn(
            'group pointer-events-auto relative flex w-full items-start gap-3 overflow-hidden rounded-xl border p-4 pr-10 shadow-lg transition-all',
            'data-[swipe=move]:translate-x-[var(--radix-toast-swipe-move-x)] data-[swipe=cancel]:translate-x-0 data-[swipe=end]:translate-x-[var(--radix-toast-swipe-end-x)]',
            'data-[state=open]:animate-in data-[state=closed]:opacity-0',
            variant === 'destructive'
              ? 'border-destructive bg-destructive text-destructive-foreground'
              : 'bg-card text-foreground',
          )}
        >
          <div className="grid gap-1">
            {title && <Toast.Title className="text-sm font-semibold">{title}</Toast.Title>}
            {description && (
              <Toast.Description className="text-sm opacity-90">{description}</Toast.Description>
            )}
          </div>
          {action}
          <Toast.Close
            aria-label={t('toast.close')}
            className="absolute right-2 top-2 rounded-md p-1 opacity-70 hover:opacity-100"
          >
            <X className="size-4" />
          </Toast.Close>
        </Toast.Root>
      ))}
      {/* Narrow screens: under the header. From 1024 px: bottom right, no wider than the right-hand
          column, so the editor's Send button and the whiteboard's toolbar stay free. */}
      <Toast.Viewport className="fixed right-0 top-16 z-[100] flex max-h-[calc(100vh-4rem)] w-full flex-col gap-2 p-4 sm:max-w-[420px] lg:bottom-0 lg:top-auto lg:max-w-[336px]" />
    </Toast.Provider>
  );
}
