// Writes the sample product catalogue and draws its product pictures (simple renders in each
// product's colour): no photographs, nothing fetched. Run: node --import tsx make-sample-catalogue.ts
import fs from 'node:fs';
import path from 'node:path';
import sharp from 'sharp';

type Kind = 'sofa' | 'chair' | 'bed' | 'table' | 'tv' | 'plant' | 'lamp';
interface Sample {
  name: string;
  type: Kind;
  styles: string[];
  colour: string;
  colourHex: string;
  price: number;
  rating: number;
  store: string;
}

const STORES = ['Sample Home Store', 'Demo Furniture Outlet', 'Example Living Co.'];
const P = (
  type: Kind,
  name: string,
  colour: string,
  colourHex: string,
  styles: string[],
  price: number,
  rating: number,
  store = 0,
): Sample => ({ type, name, colour, colourHex, styles, price, rating, store: STORES[store]! });

const PRODUCTS: Sample[] = [
  P('sofa', 'Oslo 3-Seat Sofa', 'beige', '#d6c4a8', ['scandinavian', 'japandi'], 899, 4.6),
  P('sofa', 'Metro Modular Sofa', 'grey', '#8c8c8c', ['modern', 'minimalist'], 1249, 4.4, 1),
  P(
    'sofa',
    'Foundry Leather Sofa',
    'cognac',
    '#96552a',
    ['industrial', 'mid-century'],
    1899,
    4.7,
    2,
  ),
  P('sofa', 'Marrakesh Velvet Sofa', 'terracotta', '#be5f41', ['bohemian'], 1099, 4.3),
  P('sofa', 'Harbor Linen Sofa', 'white', '#eeece6', ['coastal', 'scandinavian'], 979, 4.5, 1),
  P('sofa', 'Nightfall Sofa', 'charcoal', '#46484c', ['modern', 'industrial'], 1149, 4.2, 2),
  P('sofa', 'Retro Tufted Sofa', 'mustard', '#cda032', ['mid-century', 'bohemian'], 1349, 4.6),
  P('sofa', 'Bay Slipcover Sofa', 'navy', '#232d5a', ['coastal', 'modern'], 1029, 4.1, 1),
  P('chair', 'Fjord Lounge Chair', 'beige', '#d6c4a8', ['scandinavian'], 349, 4.5),
  P('chair', 'Steel Frame Armchair', 'black', '#1e1e20', ['industrial'], 429, 4.3, 2),
  P('chair', 'Egg Swivel Chair', 'grey', '#8c8c8c', ['modern', 'mid-century'], 599, 4.6, 1),
  P('chair', 'Rattan Peacock Chair', 'brown', '#78502f', ['bohemian', 'coastal'], 389, 4.4),
  P('chair', 'Walnut Dining Chair', 'brown', '#6e4a2e', ['mid-century', 'japandi'], 219, 4.7, 2),
  P('chair', 'Teal Velvet Accent Chair', 'teal', '#28787d', ['bohemian', 'modern'], 459, 4.2, 1),
  P('chair', 'Moulded White Chair', 'white', '#eeece6', ['minimalist', 'scandinavian'], 129, 4.0),
  P('bed', 'Nordic Oak Bed Frame', 'beige', '#cfb48c', ['scandinavian', 'japandi'], 799, 4.6),
  P('bed', 'Upholstered Platform Bed', 'grey', '#8c8c8c', ['modern', 'minimalist'], 1099, 4.4, 1),
  P('bed', 'Iron Pipe Bed', 'black', '#2a2a2c', ['industrial'], 649, 4.1, 2),
  P('bed', 'Canopy Boho Bed', 'terracotta', '#b9694a', ['bohemian'], 899, 4.3),
  P('bed', 'Whitewashed Coastal Bed', 'white', '#ebe7df', ['coastal'], 929, 4.5, 1),
  P('table', 'Birch Dining Table', 'beige', '#d8c29c', ['scandinavian'], 699, 4.6),
  P('table', 'Reclaimed Wood Table', 'brown', '#6b4a30', ['industrial', 'bohemian'], 899, 4.5, 2),
  P('table', 'Marble Coffee Table', 'white', '#ecebe6', ['modern', 'minimalist'], 549, 4.4, 1),
  P('table', 'Tulip Side Table', 'white', '#f0efea', ['mid-century', 'modern'], 249, 4.3),
  P('table', 'Low Ash Coffee Table', 'beige', '#c9b08a', ['japandi', 'scandinavian'], 329, 4.7, 1),
  P('table', 'Black Steel Console', 'black', '#1e1e20', ['industrial', 'modern'], 379, 4.2, 2),
  P('tv', '55" Slim 4K Television', 'black', '#141416', ['modern', 'minimalist'], 599, 4.5, 1),
  P(
    'tv',
    '65" Frame-Style Television',
    'charcoal',
    '#3c3e42',
    ['scandinavian', 'modern'],
    1199,
    4.6,
  ),
  P(
    'tv',
    'Media Console with TV Mount',
    'brown',
    '#6e4a2e',
    ['mid-century', 'industrial'],
    499,
    4.2,
    2,
  ),
  P('tv', '43" Compact Television', 'black', '#18181a', ['minimalist'], 329, 4.0, 1),
  P('plant', 'Fiddle Leaf Fig in Pot', 'green', '#46784a', ['bohemian', 'scandinavian'], 89, 4.4),
  P('plant', 'Snake Plant, Ceramic Pot', 'sage', '#96aa8c', ['modern', 'japandi'], 59, 4.7, 1),
  P('plant', 'Monstera in Woven Basket', 'green', '#3c7044', ['bohemian', 'coastal'], 79, 4.5, 2),
  P('plant', 'Olive Tree, Concrete Pot', 'sage', '#8fa286', ['industrial', 'minimalist'], 129, 4.3),
  P('plant', 'Trailing Pothos, Terracotta', 'terracotta', '#b9694a', ['bohemian'], 39, 4.6, 1),
  P('lamp', 'Tripod Floor Lamp', 'black', '#1e1e20', ['industrial', 'modern'], 189, 4.5),
  P('lamp', 'Paper Lantern Lamp', 'white', '#f2efe6', ['japandi', 'scandinavian'], 99, 4.4, 1),
  P('lamp', 'Arc Brass Floor Lamp', 'mustard', '#c89a3c', ['mid-century'], 259, 4.6, 2),
  P('lamp', 'Rattan Pendant Lamp', 'beige', '#c8a878', ['bohemian', 'coastal'], 119, 4.3),
  P('lamp', 'Glass Globe Table Lamp', 'grey', '#9a9a9a', ['modern', 'minimalist'], 79, 4.1, 1),
];

const shade = (hex: string, amount: number) => {
  const n = parseInt(hex.slice(1), 16);
  const c = [n >> 16, (n >> 8) & 255, n & 255].map((v) =>
    Math.max(0, Math.min(255, Math.round(v + (amount > 0 ? (255 - v) * amount : v * amount)))),
  );
  return `rgb(${c.join(',')})`;
};

/** A simple flat render of each kind of piece, in the product's colour. */
function drawing(p: Sample): string {
  const c = p.colourHex;
  const dark = shade(c, -0.35);
  const light = shade(c, 0.25);
  const leg = p.styles.includes('industrial') ? '#222' : '#8a6a4a';
  const shapes: Record<Kind, string> = {
    sofa: `<rect x="50" y="80" width="220" height="70" rx="18" fill="${dark}"/>
      <rect x="60" y="125" width="200" height="45" rx="10" fill="${c}"/>
      <rect x="38" y="110" width="36" height="70" rx="14" fill="${light}"/>
      <rect x="246" y="110" width="36" height="70" rx="14" fill="${light}"/>
      <rect x="70" y="180" width="8" height="22" fill="${leg}"/><rect x="242" y="180" width="8" height="22" fill="${leg}"/>`,
    chair: `<rect x="110" y="60" width="100" height="80" rx="22" fill="${dark}"/>
      <rect x="100" y="130" width="120" height="34" rx="12" fill="${c}"/>
      <rect x="112" y="164" width="7" height="42" fill="${leg}"/><rect x="201" y="164" width="7" height="42" fill="${leg}"/>`,
    bed: `<rect x="40" y="60" width="40" height="140" rx="6" fill="${dark}"/>
      <rect x="70" y="120" width="220" height="55" rx="8" fill="${light}"/>
      <rect x="70" y="150" width="220" height="30" rx="6" fill="${c}"/>
      <rect x="86" y="104" width="60" height="22" rx="10" fill="#f4f2ee"/>`,
    table: `<rect x="50" y="100" width="220" height="16" rx="4" fill="${c}"/>
      <rect x="70" y="116" width="10" height="80" fill="${dark}"/><rect x="240" y="116" width="10" height="80" fill="${dark}"/>`,
    tv: `<rect x="50" y="40" width="220" height="128" rx="6" fill="${c}"/>
      <rect x="58" y="48" width="204" height="112" fill="#2b3f57"/>
      <path d="M58 160 L150 48 L262 48 L262 90 Z" fill="#3c5674" opacity="0.6"/>
      <rect x="150" y="168" width="20" height="22" fill="${dark}"/><rect x="115" y="190" width="90" height="8" rx="4" fill="${dark}"/>`,
    plant: `<path d="M120 150 L200 150 L190 205 L130 205 Z" fill="${p.colour === 'terracotta' ? c : '#b5b0a6'}"/>
      <ellipse cx="160" cy="100" rx="22" ry="48" fill="${p.colour === 'terracotta' ? '#4f7d4f' : c}"/>
      <ellipse cx="130" cy="115" rx="18" ry="40" transform="rotate(-30 130 115)" fill="${p.colour === 'terracotta' ? '#5f8e5b' : light}"/>
      <ellipse cx="190" cy="115" rx="18" ry="40" transform="rotate(30 190 115)" fill="${p.colour === 'terracotta' ? '#3f6c42' : dark}"/>`,
    lamp: `<path d="M125 40 L195 40 L215 95 L105 95 Z" fill="${c}"/>
      <rect x="157" y="95" width="6" height="100" fill="${dark}"/><ellipse cx="160" cy="200" rx="35" ry="7" fill="${dark}"/>`,
  };
  return `<svg xmlns="http://www.w3.org/2000/svg" width="320" height="240" viewBox="0 0 320 240">
    <rect width="320" height="240" fill="#f5f3ef"/><ellipse cx="160" cy="205" rx="130" ry="10" fill="#e2ded6"/>
    ${shapes[p.type]}</svg>`;
}

const slug = (text: string) =>
  text
    .toLowerCase()
    .replace(/["']/g, '')
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-|-$/g, '');

const here = import.meta.dirname;
fs.mkdirSync(path.join(here, 'images'), { recursive: true });
const products = [];
for (const p of PRODUCTS) {
  const id = `sample-${slug(p.name)}`;
  const image = `${id}.png`;
  await sharp(Buffer.from(drawing(p)))
    .png({ compressionLevel: 9, palette: true })
    .toFile(path.join(here, 'images', image));
  products.push({
    id,
    name: p.name,
    type: p.type,
    styles: p.styles,
    colour: p.colour,
    colourHex: p.colourHex,
    price: p.price,
    rating: p.rating,
    store: p.store,
    image,
    url: '',
  });
}
const catalogue = {
  sampleData: true,
  notice:
    'Sample data: these products, prices and stores are made up to show how furniture shopping works. Replace this file (PRODUCT_CATALOGUE_PATH) with a real catalogue, or set SERPAPI_API_KEY.',
  currency: 'USD',
  products,
};
fs.writeFileSync(
  path.join(here, 'sample-catalogue.json'),
  `${JSON.stringify(catalogue, null, 2)}\n`,
);
console.log(`${products.length} sample products written`);
