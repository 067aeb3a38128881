import type { CatalogueFile, CatalogueProduct } from './catalogue-search.ts';

const escape = (text: string) => text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

/**
 * The page a catalogue product links to when the catalogue gives no shop address: what the
 * product is, and, for the shipped sample, that it is not a real product.
 */
export function productPage(product: CatalogueProduct, catalogue: CatalogueFile, imageUrl: string) {
  const price = new Intl.NumberFormat('en-US', {
    style: 'currency',
    currency: catalogue.currency,
  }).format(product.price);
  const notice = catalogue.sampleData
    ? `<p class="notice">${escape(catalogue.notice ?? 'Sample data: this product and store are not real.')}</p>`
    : '';
  return `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1">
<title>${escape(product.name)} — ${escape(product.store)}</title>
<style>body{font:16px system-ui,sans-serif;max-width:720px;margin:40px auto;padding:0 16px;color:#1f2937}
img{width:100%;max-width:480px;border-radius:12px;background:#f3f4f6}.notice{background:#fef3c7;padding:8px 12px;border-radius:8px}
.price{font-size:24px;font-weight:600}</style></head>
<body>${notice}<h1>${escape(product.name)}</h1><p>${escape(product.store)}</p>
<img src="${escape(imageUrl)}" alt="${escape(product.name)}">
<p class="price">${price}</p><p>Colour: ${escape(product.colour)} · Styles: ${escape(product.styles.join(', '))}${
    product.rating === null ? '' : ` · Rating: ${product.rating} / 5`
  }</p></body></html>`;
}
