import { Languages } from 'lucide-react';
import { lazy, Suspense } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '@/components/ui/button';
import { useLazyMenu } from '@/hooks/use-lazy-menu';
import { cn } from '@/lib/utils';

const loadMenu = () => import('./LanguageMenu');
const LanguageMenu = lazy(() => loadMenu().then((m) => ({ default: m.LanguageMenu })));

export function LanguagePicker({
  className,
  compact = false,
}: {
  className?: string;
  compact?: boolean;
}) {
  const { t, i18n } = useTranslation();
  const menu = useLazyMenu();
  const code = i18n.resolvedLanguage ?? 'en';
  const trigger = (
    <Button
      variant="ghost"
      size="sm"
      className={cn('h-10 gap-1.5 uppercase', className)}
      // The name holds the code shown (WCAG 2.5.3, label in name): "Language: de".
      aria-label={`${t('nav.language')}: ${code}`}
      data-testid="language-picker"
      onClick={menu.firstClick}
      onPointerEnter={() => void loadMenu()}
      onFocus={() => void loadMenu()}
    >
      <Languages />
      {/* On phones the icon alone: the header keeps room for sign-in in every language. */}
      <span className={compact ? 'hidden sm:inline' : undefined}>{code}</span>
    </Button>
  );
  if (!menu.wanted) return trigger;
  return (
    <Suspense fallback={trigger}>
      <LanguageMenu trigger={trigger} open={menu.open} onOpenChange={menu.onOpenChange} />
    </Suspense>
  );
}
