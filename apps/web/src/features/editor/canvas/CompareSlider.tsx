import { ChevronsLeftRight } from 'lucide-react';
import { useRef, useState, type KeyboardEvent, type PointerEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { useSound } from '@/providers/sound';
import { EditorImage } from '@/components/EditorImage';
import { playClick } from '../sound';
import { keyboardPosition, shouldClick, sliderPosition } from './compare-math';

const SIZES = '(min-width: 1024px) 60vw, 100vw';

/** Before on the left, after on the right; drag anywhere, or use the keys on the handle. */
export function CompareSlider({ beforeUrl, afterUrl }: { beforeUrl: string; afterUrl: string }) {
  const { t } = useTranslation();
  const { soundEnabled, soundVolume } = useSound();
  const [position, setPosition] = useState(50);
  const lastClickAt = useRef(50);
  const box = useRef<HTMLDivElement>(null);

  const moveTo = (next: number) => {
    setPosition(next);
    if (shouldClick(lastClickAt.current, next)) {
      lastClickAt.current = next;
      if (soundEnabled) playClick(soundVolume);
    }
  };
  const fromPointer = (event: PointerEvent) => {
    const rect = box.current?.getBoundingClientRect();
    if (rect) moveTo(sliderPosition(event.clientX, rect));
  };
  const onKeyDown = (event: KeyboardEvent) => {
    const next = keyboardPosition(position, event.key, event.shiftKey);
    if (next === null) return;
    event.preventDefault();
    moveTo(next);
  };

  return (
    <div
      ref={box}
      data-testid="compare-slider"
      className="relative size-full cursor-ew-resize touch-none select-none overflow-hidden"
      onPointerDown={(event) => {
        event.currentTarget.setPointerCapture(event.pointerId);
        fromPointer(event);
      }}
      onPointerMove={(event) => {
        if (event.currentTarget.hasPointerCapture(event.pointerId)) fromPointer(event);
      }}
    >
      <EditorImage
        key={beforeUrl}
        url={beforeUrl}
        sizes={SIZES}
        alt={t('editor.compare.before')}
        className="absolute inset-0 size-full object-contain"
      />
      <div className="absolute inset-0" style={{ clipPath: `inset(0 0 0 ${position}%)` }}>
        <EditorImage
          key={afterUrl}
          url={afterUrl}
          sizes={SIZES}
          alt={t('editor.compare.after')}
          className="absolute inset-0 size-full object-contain"
        />
      </div>
      <span className="pointer-events-none absolute left-3 top-3 rounded-full bg-black/60 px-2.5 py-1 text-xs font-medium text-white">
        {t('editor.compare.before')}
      </span>
      <span className="pointer-events-none absolute right-3 top-3 rounded-full bg-black/60 px-2.5 py-1 text-xs font-medium text-white">
        {t('editor.compare.after')}
      </span>
      <div
        className="pointer-events-none absolute inset-y-0 w-0.5 -translate-x-1/2 bg-white shadow-[0_0_0_1px_rgba(0,0,0,0.25)]"
        style={{ left: `${position}%` }}
      >
        <div
          role="slider"
          tabIndex={0}
          aria-label={t('editor.compare.slider')}
          aria-valuemin={0}
          aria-valuemax={100}
          aria-valuenow={Math.round(position)}
          aria-valuetext={`${Math.round(position)}%`}
          onKeyDown={onKeyDown}
          className="pointer-events-auto absolute top-1/2 left-1/2 grid size-9 -translate-x-1/2 -translate-y-1/2 place-items-center rounded-full border-2 border-white bg-black/50 text-white shadow-lg outline-none focus-visible:ring-2 focus-visible:ring-ring"
        >
          <ChevronsLeftRight className="size-4" />
        </div>
      </div>
    </div>
  );
}
