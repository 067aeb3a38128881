import { MailCheck } from 'lucide-react';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';

/** 'Check Your Email', with the link itself in development (the server returns it then). */
export function CheckEmail({
  body,
  devUrl,
  children,
}: {
  body: string;
  devUrl?: string;
  children: ReactNode;
}) {
  const { t } = useTranslation();
  return (
    <div className="text-center">
      <span className="mx-auto grid size-14 place-items-center rounded-2xl bg-primary/10 text-primary">
        <MailCheck className="size-7" />
      </span>
      <h2 className="mt-5 text-2xl font-semibold">{t('auth.checkEmail.title')}</h2>
      <p className="mt-2 text-muted-foreground">{body}</p>
      {devUrl && (
        <div className="mt-6 rounded-lg border border-amber-400/50 bg-amber-50 p-3 text-left text-sm dark:bg-amber-950/30">
          <p className="font-medium">{t('auth.checkEmail.devNotice')}</p>
          <a
            href={devUrl}
            className="mt-1 block break-all text-primary underline"
            data-testid="dev-link"
          >
            {devUrl}
          </a>
        </div>
      )}
      <div className="mt-8 grid gap-2">{children}</div>
    </div>
  );
}
