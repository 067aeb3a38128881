import { Share } from 'lucide-react';
import { lazy, Suspense } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '@/components/ui/button';
import { useLazyMenu } from '@/hooks/use-lazy-menu';
import { useEditorSnapshot } from './current-image';

const loadMenu = () => import('./ShareMenu');
const ShareMenu = lazy(() => loadMenu().then((m) => ({ default: m.ShareMenu })));

/** The header's share menu for the image on the editor's canvas; shown while the editor is. */
export function ShareButton({ className }: { className?: string }) {
  const { t } = useTranslation();
  const editor = useEditorSnapshot();
  const menu = useLazyMenu();
  if (!editor) return null;
  const image = editor.image;
  const label = image ? t('share.menu') : t('share.noImage');
  const trigger = (
    <Button
      variant="ghost"
      size="icon"
      aria-label={label}
      title={label}
      disabled={!image}
      data-testid="share-menu"
      onClick={menu.firstClick}
      onPointerEnter={() => void loadMenu()}
      onFocus={() => void loadMenu()}
      className={className}
    >
      <Share />
    </Button>
  );
  if (!menu.wanted || !image) return trigger;
  return (
    <Suspense fallback={trigger}>
      <ShareMenu
        trigger={trigger}
        image={image}
        open={menu.open}
        onOpenChange={menu.onOpenChange}
      />
    </Suspense>
  );
}
