import path from 'node:path';

/**
 * Which feature folders (src/features/*) each feature may import. Lower features never import
 * higher ones, so no two features import each other in a loop; what several features use lives
 * in the shared folders (lib, hooks, components, providers), which import no feature. Only the
 * app's frame (App.tsx, routes.tsx, the entries) puts the features together.
 */
export const FEATURE_IMPORTS: Readonly<Record<string, readonly string[]>> = {
  'account-sharing': [],
  auth: [],
  batch: ['credits'],
  billing: ['credits'],
  credits: [],
  editor: ['credits', 'gallery', 'guest', 'projects', 'share', 'whiteboard'],
  gallery: ['batch', 'credits'],
  guest: [],
  landing: ['gallery', 'guest'],
  'not-found': [],
  projects: ['share'],
  rooms: ['credits'],
  settings: ['billing'],
  share: [],
  'shared-gallery': ['gallery'],
  shell: ['account-sharing', 'batch', 'credits', 'projects'],
  stats: ['credits'],
  whiteboard: [],
};

/** Folders beside features/ that every feature may use, and that use no feature. */
export const SHARED_FOLDERS = ['lib', 'hooks', 'components', 'providers', 'i18n'];

export interface SourceFile {
  /** Relative to src/, with '/' separators. */
  path: string;
  text: string;
}

const IMPORT = /(?:from|import)\s*\(?\s*['"]([^'"]+)['"]/g;

/** The src/-relative module an import names, or null for a package. */
function target(from: string, specifier: string): string | null {
  if (specifier.startsWith('@/')) return specifier.slice(2);
  if (specifier.startsWith('.')) return path.posix.join(path.posix.dirname(from), specifier);
  return null;
}

const featureOf = (file: string) => /^features\/([^/]+)\//.exec(file)?.[1];
const folderOf = (file: string) => file.split('/')[0]!;

/** Every import that crosses a boundary it may not, as "file → module (why)". */
export function boundaryViolations(
  files: readonly SourceFile[],
  allowed: Readonly<Record<string, readonly string[]>> = FEATURE_IMPORTS,
): string[] {
  const found: string[] = [];
  for (const file of files) {
    const from = featureOf(file.path);
    const shared = SHARED_FOLDERS.includes(folderOf(file.path));
    if (from && !(from in allowed)) found.push(`${file.path}: feature '${from}' is not declared`);
    for (const match of file.text.matchAll(IMPORT)) {
      const to = target(file.path, match[1]!);
      const into = to && featureOf(to.endsWith('/') ? to : `${to}/`);
      if (!to || !into || into === from) continue;
      if (shared) found.push(`${file.path} → ${to} (shared code imports no feature)`);
      else if (from && !allowed[from]?.includes(into)) {
        found.push(`${file.path} → ${to} ('${from}' may not import '${into}')`);
      }
    }
  }
  return found;
}

/** Loops in the declared graph itself (a declaration must not allow one). */
export function declaredLoops(
  allowed: Readonly<Record<string, readonly string[]>> = FEATURE_IMPORTS,
): string[][] {
  const loops: string[][] = [];
  const walk = (feature: string, trail: string[]) => {
    const start = trail.indexOf(feature);
    if (start >= 0) return void loops.push([...trail.slice(start), feature]);
    for (const next of allowed[feature] ?? []) walk(next, [...trail, feature]);
  };
  for (const feature of Object.keys(allowed)) walk(feature, []);
  return loops;
}
