import { Slot } from 'radix-ui';
import { lazy, Suspense, useState, type MouseEvent, type ReactElement } from 'react';

const loadMenu = () => import('./ImageMenuAtPoint');
const ImageMenuAtPoint = lazy(() => loadMenu().then((m) => ({ default: m.ImageMenuAtPoint })));

/**
 * Working areas §2 Canvas: right-click on the image offers 'Send to Whiteboard'. The menu's code
 * is fetched when the pointer first reaches the image (or at the first right-click).
 */
export function ImageContextMenu({
  imageUrl,
  children,
}: {
  imageUrl: string;
  children: ReactElement;
}) {
  const [point, setPoint] = useState<{ x: number; y: number } | null>(null);
  const open = (event: MouseEvent<HTMLElement>) => {
    event.preventDefault();
    // The context-menu key reports no pointer position: open at the image's centre instead.
    const rect = event.currentTarget.getBoundingClientRect();
    const fromKeyboard = event.clientX === 0 && event.clientY === 0;
    setPoint(
      fromKeyboard
        ? { x: rect.left + rect.width / 2, y: rect.top + rect.height / 2 }
        : { x: event.clientX, y: event.clientY },
    );
  };
  return (
    <>
      <Slot.Root onContextMenu={open} onPointerEnter={() => void loadMenu()}>
        {children}
      </Slot.Root>
      {point && (
        <Suspense fallback={null}>
          <ImageMenuAtPoint
            key={`${point.x},${point.y}`}
            imageUrl={imageUrl}
            point={point}
            onClose={() => setPoint(null)}
          />
        </Suspense>
      )}
    </>
  );
}
