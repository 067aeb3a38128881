import { Loader2 } from 'lucide-react';
import type { ReactNode } from 'react';
import { Button } from '@/components/ui/button';
import { Modal, ModalActions } from '@/components/ui/modal';

/**
 * Asks before something happens: Cancel and the action, the action spinning while it runs (the
 * dialog cannot be dismissed then). Destructive actions are an alert dialog with a red button.
 */
export function ConfirmDialog({
  open,
  busy = false,
  onCancel,
  onConfirm,
  title,
  description,
  cancelLabel,
  confirmLabel,
  icon,
  destructive = false,
  focus = 'confirm',
  testId,
}: {
  open: boolean;
  busy?: boolean;
  onCancel(): void;
  onConfirm(): void;
  title: ReactNode;
  description: ReactNode;
  cancelLabel: string;
  confirmLabel: ReactNode;
  icon?: ReactNode;
  destructive?: boolean;
  /** Which button has the focus first: the safe one for what cannot be undone. */
  focus?: 'confirm' | 'cancel';
  testId?: string;
}) {
  return (
    <Modal
      open={open}
      onOpenChange={(next) => !next && !busy && onCancel()}
      role={destructive ? 'alertdialog' : 'dialog'}
      testId={testId}
      title={title}
      description={description}
    >
      <ModalActions>
        <Button variant="outline" onClick={onCancel} disabled={busy} autoFocus={focus === 'cancel'}>
          {cancelLabel}
        </Button>
        <Button
          variant={destructive ? 'destructive' : 'default'}
          onClick={onConfirm}
          disabled={busy}
          autoFocus={focus === 'confirm'}
        >
          {busy ? <Loader2 className="animate-spin" /> : icon}
          {confirmLabel}
        </Button>
      </ModalActions>
    </Modal>
  );
}
