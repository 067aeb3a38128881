import { ExternalLink, Loader2 } from 'lucide-react';
import { useId, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation } from 'wouter';
import { Button } from '@/components/ui/button';
import { Field, Input } from '@/components/ui/input';
import { toast } from '@/hooks/use-toast';
import { accessShare } from './gallery-api';
import { Modal, ModalActions } from '@/components/ui/modal';

/** Opens someone's shared gallery from its token or pasted link. */
export function OpenSharedDialog({ open, onClose }: { open: boolean; onClose(): void }) {
  const { t } = useTranslation();
  const id = useId();
  const [, navigate] = useLocation();
  const [token, setToken] = useState('');
  const [busy, setBusy] = useState(false);
  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (!token.trim()) return;
    setBusy(true);
    try {
      const answer = await accessShare(token.trim());
      toast({ title: t('gallery.open.success') });
      navigate(answer.path);
    } catch {
      toast({ title: t('gallery.open.invalid'), variant: 'destructive' });
      setBusy(false);
    }
  };
  return (
    <Modal
      open={open}
      onOpenChange={(next) => !next && onClose()}
      testId="open-shared"
      title={t('gallery.open.title')}
      description={t('gallery.open.body')}
    >
      <form onSubmit={(e) => void submit(e)} className="grid gap-4">
        <Field id={id} label={t('gallery.open.label')}>
          <Input
            id={id}
            value={token}
            onChange={(e) => setToken(e.target.value)}
            autoComplete="off"
            spellCheck={false}
            required
          />
        </Field>
        <ModalActions>
          <Button type="button" variant="outline" onClick={onClose}>
            {t('gallery.cancel')}
          </Button>
          <Button type="submit" disabled={busy || !token.trim()}>
            {busy ? <Loader2 className="animate-spin" /> : <ExternalLink />}
            {t('gallery.open.submit')}
          </Button>
        </ModalActions>
      </form>
    </Modal>
  );
}
