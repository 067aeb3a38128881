import type { Page } from '@playwright/test';

/** Every visible text run on the page (text nodes, button labels, placeholders, titles). */
export async function visibleTexts(page: Page): Promise<string[]> {
  return page.evaluate(() => {
    const out = new Set<string>();
    const isVisible = (el: Element) => {
      const style = getComputedStyle(el);
      const rect = el.getBoundingClientRect();
      return (
        style.visibility !== 'hidden' &&
        style.display !== 'none' &&
        Number(style.opacity) > 0 &&
        rect.width > 0 &&
        rect.height > 0
      );
    };
    const walker = document.createTreeWalker(document.body, NodeFilter.SHOW_TEXT);
    for (let node = walker.nextNode(); node; node = walker.nextNode()) {
      const text = node.textContent?.replace(/\s+/g, ' ').trim();
      const parent = node.parentElement;
      if (text && parent && isVisible(parent) && !parent.closest('script,style')) out.add(text);
    }
    for (const el of document.querySelectorAll('[placeholder],[aria-label],[title]')) {
      if (!isVisible(el)) continue;
      for (const attr of ['placeholder', 'aria-label', 'title']) {
        const value = el.getAttribute(attr)?.trim();
        if (value) out.add(value);
      }
    }
    return [...out];
  });
}
