import { TwoFactorCode, type SetupTwoFactorResponse } from '@image-lab/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { Check, Copy, Download, ShieldCheck, Smartphone } from 'lucide-react';
import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'wouter';
import { Button } from '@/components/ui/button';
import { Field, Input } from '@/components/ui/input';
import { useCopy } from '@/hooks/use-copy';
import { toast } from '@/hooks/use-toast';
import { postJson, toastError } from '@/lib/api';
import { CURRENT_USER_KEY } from '@/hooks/use-current-user';
import { AuthLayout } from './AuthLayout';
import { backupCodesFile, downloadText } from './backup-codes-file';
import { useFieldErrors } from './use-field-errors';

function CopyButton({ text, label }: { text: string; label: string }) {
  const { copied, copy } = useCopy();
  return (
    <Button
      type="button"
      variant="ghost"
      size="icon"
      className="size-8"
      aria-label={label}
      onClick={() => void copy(text)}
    >
      {copied === text ? <Check className="text-emerald-500" /> : <Copy />}
    </Button>
  );
}

export function SetupTwoFactorPage() {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const [code, setCode] = useState('');
  const { errors, validate } = useFieldErrors();
  const setup = useMutation({
    mutationFn: () => postJson<SetupTwoFactorResponse>('/api/auth/setup-2fa', {}),
    onSuccess: () => toast({ title: t('twoFactor.started') }),
    onError: (error) =>
      toastError(t('twoFactor.setupFailed'), error, t('twoFactor.setupFailedDefault')),
  });
  const enable = useMutation({
    mutationFn: (token: string) => postJson('/api/auth/enable-2fa', { token }),
    onSuccess: () => {
      toast({ title: t('twoFactor.enabledToast') });
      void queryClient.invalidateQueries({ queryKey: CURRENT_USER_KEY });
    },
    onError: (error) => toastError(t('twoFactor.verifyFailed'), error, t('twoFactor.invalidCode')),
  });

  if (enable.isSuccess) {
    return (
      <AuthLayout title={t('twoFactor.successTitle')}>
        <ShieldCheck className="size-12 text-emerald-500" />
        <p className="mt-4 text-muted-foreground">{t('twoFactor.successBody')}</p>
        <Button asChild variant="gradient" className="mt-6">
          <Link href="/">{t('twoFactor.continue')}</Link>
        </Button>
      </AuthLayout>
    );
  }
  if (!setup.data) {
    return (
      <AuthLayout title={t('twoFactor.title')} subtitle={t('twoFactor.intro')}>
        <div className="flex items-start gap-3 rounded-xl border bg-card p-4 text-sm text-muted-foreground">
          <Smartphone className="mt-0.5 size-5 shrink-0 text-primary" />
          {t('twoFactor.appHint')}
        </div>
        <div className="mt-6 grid gap-2">
          <Button
            variant="gradient"
            size="lg"
            disabled={setup.isPending}
            onClick={() => setup.mutate()}
          >
            {setup.isPending ? t('twoFactor.starting') : t('twoFactor.start')}
          </Button>
          <Button asChild variant="ghost">
            <Link href="/">{t('twoFactor.skip')}</Link>
          </Button>
        </div>
      </AuthLayout>
    );
  }
  const { qrCodeUrl, secret, backupCodes } = setup.data;
  const submit = (event: FormEvent) => {
    event.preventDefault();
    const token = validate(TwoFactorCode, code);
    if (token !== undefined) enable.mutate(token);
  };
  const download = () =>
    downloadText(
      'image-lab-backup-codes.txt',
      backupCodesFile(backupCodes, new Date(), {
        title: t('twoFactor.fileTitle'),
        note: t('twoFactor.fileNote'),
        generated: t('twoFactor.fileGenerated'),
      }),
    );
  return (
    <AuthLayout title={t('twoFactor.title')}>
      <ol className="grid gap-8">
        <li>
          <h2 className="font-semibold">{t('twoFactor.step1')}</h2>
          <img
            src={qrCodeUrl}
            alt={t('twoFactor.qrAlt')}
            className="mt-3 size-44 rounded-lg border bg-white p-2"
          />
          <div className="mt-3 flex items-center gap-2 rounded-lg border bg-muted px-3 py-2">
            <code className="flex-1 break-all text-sm" data-testid="totp-secret">
              {secret}
            </code>
            <CopyButton text={secret} label={t('twoFactor.copySecret')} />
          </div>
        </li>
        <li>
          <h2 className="font-semibold">{t('twoFactor.step2')}</h2>
          <form className="mt-3 grid gap-3" onSubmit={submit} noValidate>
            <Field id="code" label={t('twoFactor.codeLabel')} error={errors.form}>
              <Input
                id="code"
                inputMode="numeric"
                autoComplete="one-time-code"
                maxLength={6}
                value={code}
                onChange={(e) => setCode(e.target.value.slice(0, 6))}
              />
            </Field>
            <Button type="submit" variant="gradient" disabled={enable.isPending}>
              {enable.isPending ? t('twoFactor.verifying') : t('twoFactor.enable')}
            </Button>
          </form>
        </li>
        <li>
          <h2 className="font-semibold">{t('twoFactor.step3')}</h2>
          <p className="mt-1 text-sm text-muted-foreground">{t('twoFactor.backupHint')}</p>
          <ul className="mt-3 grid grid-cols-2 gap-2" data-testid="backup-codes">
            {backupCodes.map((backup) => (
              <li
                key={backup}
                className="flex items-center justify-between rounded-lg border bg-card pl-3 font-mono text-sm"
              >
                {backup}
                <CopyButton text={backup} label={t('twoFactor.copyCode')} />
              </li>
            ))}
          </ul>
          <Button type="button" variant="outline" className="mt-3" onClick={download}>
            <Download />
            {t('twoFactor.download')}
          </Button>
        </li>
      </ol>
    </AuthLayout>
  );
}
