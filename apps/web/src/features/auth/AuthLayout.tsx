import { MessageSquareText } from 'lucide-react';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { PublicScreen } from '@/components/PublicScreen';

/** Auth forms: the form on the left, the product's promise on the right (wide screens). */
export function AuthLayout({
  title,
  subtitle,
  children,
}: {
  title: string;
  subtitle?: string;
  children: ReactNode;
}) {
  const { t } = useTranslation();
  return (
    <PublicScreen>
      <div className="mx-auto grid min-h-[calc(100vh-4rem)] max-w-6xl grid-cols-1 lg:grid-cols-2">
        <section className="flex items-center justify-center px-4 py-12 sm:px-8">
          <div className="w-full max-w-md">
            <h1 className="text-3xl font-bold tracking-tight">{title}</h1>
            {subtitle && <p className="mt-2 text-muted-foreground">{subtitle}</p>}
            <div className="mt-8">{children}</div>
          </div>
        </section>
        <aside className="hidden items-center p-8 lg:flex">
          <div className="w-full rounded-3xl brand-gradient p-10 text-white shadow-xl">
            <MessageSquareText className="size-10" />
            <p className="mt-6 text-2xl font-semibold leading-snug">{t('auth.sideTagline')}</p>
            <p className="mt-4 text-white/85">{t('auth.sideBody')}</p>
          </div>
        </aside>
      </div>
    </PublicScreen>
  );
}
