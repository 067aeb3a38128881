import { Link } from 'wouter';
import { useTranslation } from 'react-i18next';

export function Logo() {
  const { t } = useTranslation();
  return (
    <Link href="/" aria-label={t('brand.home')} className="flex items-center gap-2 font-semibold">
      <img src="/favicon.svg" alt="" className="size-8" />
      <span className="whitespace-nowrap text-lg tracking-tight">Image Lab</span>
    </Link>
  );
}
