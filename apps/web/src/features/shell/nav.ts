import { GalleryVerticalEnd, Presentation, Sofa, UsersRound, WandSparkles } from 'lucide-react';

// "Gallery" is the person's images (the editor's gallery view); /gallery keeps the spec's room
// design history, reached from Room Design (docs/decisions/040-gallery-in-the-top-bar.md).
const GALLERY = '/editor?view=gallery';
export const NAV = [
  ['/editor', 'nav.imageEditor'],
  ['/whiteboard', 'nav.whiteboard'],
  [GALLERY, 'nav.gallery'],
  ['/furniture-shopping', 'nav.roomDesign'],
  ['/account-sharing', 'nav.accountSharing'],
] as const;
/** From 1024 to 1279 px the navigation shows icons only, so the header fits in one row. */
export const NAV_ICONS = {
  '/editor': WandSparkles,
  '/whiteboard': Presentation,
  [GALLERY]: GalleryVerticalEnd,
  '/furniture-shopping': Sofa,
  '/account-sharing': UsersRound,
} as const;

const EDITOR_PATHS = ['/', '/editor', '/image-editor'];

/** The top-bar entry that names the screen shown (room design's history and pages count too). */
export function currentNav(path: string, search: string): string | undefined {
  if (EDITOR_PATHS.includes(path))
    return new URLSearchParams(search).get('view') === 'gallery' ? GALLERY : '/editor';
  if (path === '/gallery' || path.startsWith('/gallery/')) return '/furniture-shopping';
  return NAV.find(([href]) => href === path)?.[0];
}
