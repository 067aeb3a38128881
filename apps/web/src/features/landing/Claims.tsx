import { Check } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { cn } from '@/lib/utils';

/** 'No credit card required', 'Start editing instantly', 'Secure and private'. */
export function Claims({
  className,
  checkClassName,
}: {
  className?: string;
  checkClassName?: string;
}) {
  const { t } = useTranslation();
  const claims = [
    t('landing.claims.noCard'),
    t('landing.claims.instant'),
    t('landing.claims.secure'),
  ];
  return (
    <ul className={cn('flex flex-wrap gap-x-6 gap-y-2 text-sm', className)}>
      {claims.map((claim) => (
        <li key={claim} className="flex items-center gap-1.5">
          <Check className={cn('size-4', checkClassName)} />
          {claim}
        </li>
      ))}
    </ul>
  );
}
