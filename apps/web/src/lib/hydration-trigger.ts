const INTERACTIONS = ['pointerdown', 'keydown', 'touchstart', 'focusin'] as const;

/** Runs `start` once: at the first interaction, or when the browser is next idle after load. */
export function whenIdleOrInteracted(start: () => void) {
  let started = false;
  const once = () => {
    if (started) return;
    started = true;
    for (const type of INTERACTIONS) window.removeEventListener(type, once, true);
    start();
  };
  for (const type of INTERACTIONS) window.addEventListener(type, once, true);
  const idle = () =>
    'requestIdleCallback' in window
      ? requestIdleCallback(once, { timeout: 1500 })
      : setTimeout(once, 1);
  if (document.readyState === 'complete') idle();
  else window.addEventListener('load', idle, { once: true });
}

const hydrated = (element: Element) =>
  Object.keys(element).some((k) => k.startsWith('__reactProps'));

type Field = HTMLInputElement | HTMLTextAreaElement;

/** Types `value` the way a person would, so React's onChange hears it. */
function retype(field: Field, value: string) {
  const prototype = field instanceof HTMLTextAreaElement ? HTMLTextAreaElement : HTMLInputElement;
  const setter = Object.getOwnPropertyDescriptor(prototype.prototype, 'value')?.set;
  // Through the element (React's tracker notes '') then past it, so React sees a change.
  field.value = '';
  setter?.call(field, value);
  field.dispatchEvent(new Event('input', { bubbles: true }));
}

/**
 * Before React is there, a button would do nothing and typed text would be reset by hydration:
 * the clicks are held, and once React has taken over those elements the typed values are given
 * to it and the clicks replayed. Links still navigate on their own. Returns the release, to call
 * once React's root exists.
 */
export function holdClicksUntilHydrated(root: HTMLElement) {
  const held: HTMLElement[] = [];
  const hold = (event: MouseEvent) => {
    const target = event.target as Element | null;
    const button = target?.closest<HTMLElement>('button, [role="button"]');
    if (!button || !root.contains(button)) return;
    event.preventDefault();
    event.stopPropagation();
    held.push(button);
  };
  // What was typed before React owned the field (hydration may reset it to the drawn value).
  const typed = new Map<Field, string>();
  const note = (event: Event) => {
    const field = event.target;
    if (field instanceof HTMLInputElement || field instanceof HTMLTextAreaElement) {
      if (!hydrated(field)) typed.set(field, field.value);
    }
  };
  document.addEventListener('click', hold, true);
  document.addEventListener('input', note, true);
  // Until React owns every control (lazy screens hydrate after the root), clicks stay held.
  return () => {
    const controls = () => [...root.querySelectorAll('input, textarea, button, [role="button"]')];
    const replay = (tries: number) => {
      if (controls().some((element) => !hydrated(element)) && tries > 0) {
        setTimeout(() => replay(tries - 1), 50);
        return;
      }
      document.removeEventListener('click', hold, true);
      document.removeEventListener('input', note, true);
      typed.forEach((value, field) => field.isConnected && retype(field, value));
      held.forEach((button) => button.click());
      // For tests and tools: the page is React's from here on.
      root.dataset.hydrated = '';
    };
    // Up to a minute: a busy machine may take long to fetch and hydrate the app.
    replay(1200);
  };
}
