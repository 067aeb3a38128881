import { useEffect, useState, type RefObject } from 'react';

/** Lazy loading starts 100 px before a tile scrolls in, at 1 % visible (working areas §9). */
export const LAZY_ROOT_MARGIN = '100px';
export const LAZY_THRESHOLD = 0.01;

type Listener = (visible: boolean) => void;
const listeners = new Map<Element, Listener>();
let observer: IntersectionObserver | null = null;

// One observer for every tile on the page instead of one each.
function shared(): IntersectionObserver | null {
  if (typeof IntersectionObserver === 'undefined') return null;
  observer ??= new IntersectionObserver(
    (entries) => entries.forEach((e) => listeners.get(e.target)?.(e.isIntersecting)),
    { rootMargin: LAZY_ROOT_MARGIN, threshold: LAZY_THRESHOLD },
  );
  return observer;
}

/** Whether the element is near the viewport; with `once` it stays true after the first time. */
export function useInView(ref: RefObject<Element | null>, { once = true, skip = false } = {}) {
  const [inView, setInView] = useState(skip || typeof IntersectionObserver === 'undefined');
  useEffect(() => {
    const element = ref.current;
    const io = shared();
    if (skip || !element || !io) return;
    listeners.set(element, (visible) => {
      setInView((was) => (once ? was || visible : visible));
      if (visible && once) {
        io.unobserve(element);
        listeners.delete(element);
      }
    });
    io.observe(element);
    return () => {
      io.unobserve(element);
      listeners.delete(element);
    };
  }, [ref, once, skip]);
  return inView;
}
