import { Link } from 'wouter';
import { useTranslation } from 'react-i18next';
import { cn } from '@/lib/utils';

/** The mark and the name; `nameClassName` lets a crowded top bar drop the name on phones. */
export function Logo({ nameClassName }: { nameClassName?: string }) {
  const { t } = useTranslation();
  return (
    <Link href="/" aria-label={t('brand.home')} className="flex items-center gap-2 font-semibold">
      <img src="/favicon.svg" alt="" className="size-8" />
      <span className={cn('whitespace-nowrap text-lg tracking-tight', nameClassName)}>
        Image Lab
      </span>
    </Link>
  );
}
