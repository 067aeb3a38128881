import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { ESLint } from 'eslint';
import { describe, expect, it } from 'vitest';
import { assertNoCycle } from '../../../eslint/feature-boundaries.js';
import { serverFeatureImports } from '../feature-imports.js';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../..');
const eslint = new ESLint({ cwd: root });

/** The boundary errors the project's own lint config reports for this text at this path. */
async function boundaryErrors(filePath: string, code: string) {
  const [result] = await eslint.lintText(code, { filePath: path.join(root, filePath) });
  return result!.messages.filter((m) => m.ruleId === 'local/feature-boundaries');
}

describe('server feature boundaries (lint)', () => {
  it('refuses a new import from one feature into another it has not declared', async () => {
    const errors = await boundaryErrors(
      'apps/server/src/features/auth/new-file.ts',
      "import { storeImages } from '../images/images.service.ts';\nexport const f = storeImages;\n",
    );
    expect(errors).toHaveLength(1);
    expect(errors[0]!.message).toContain("Feature 'auth' may not import feature 'images'");
  });

  it('refuses re-exports and dynamic imports across features too', async () => {
    const errors = await boundaryErrors(
      'apps/server/src/features/stats/new-file.ts',
      "export * from '../billing/billing.service.ts';\n" +
        "export const later = () => import('../generation/edit.service.ts');\n",
    );
    expect(errors.map((e) => e.message)).toEqual([
      expect.stringContaining("'stats' may not import feature 'billing'"),
      expect.stringContaining("'stats' may not import feature 'generation'"),
    ]);
  });

  it('lets a feature import its declared features, its own files, platform and packages', async () => {
    const errors = await boundaryErrors(
      'apps/server/src/features/generation/new-file.ts',
      "import { storeImages } from '../images/images.service.ts';\n" +
        "import { editImage } from './edit.service.ts';\n" +
        "import { requireWrite } from '../../platform/session.ts';\n" +
        "import { EditImageFields } from '@image-lab/contract';\n" +
        'export const all = [storeImages, editImage, requireWrite, EditImageFields];\n',
    );
    expect(errors).toEqual([]);
  });

  it('keeps platform free of features; only app.ts registers them', async () => {
    const code = "import { editRoutes } from '../features/generation/edit.routes.ts';\n";
    const errors = await boundaryErrors('apps/server/src/platform/new-file.ts', code);
    expect(errors[0]!.message).toContain("may not import feature 'generation'");
    const composer = "import { editRoutes } from './features/generation/edit.routes.ts';\n";
    expect(await boundaryErrors('apps/server/src/app.ts', composer)).toEqual([]);
  });

  it('refuses a declared map with a loop, so the allowed imports stay a hierarchy', () => {
    expect(() => assertNoCycle(serverFeatureImports)).not.toThrow();
    const withBackEdge = { ...serverFeatureImports, images: ['video'], video: ['images'] };
    expect(() => assertNoCycle(withBackEdge)).toThrow(
      /loop: (images -> video -> images|video -> images -> video)/,
    );
  });
});
