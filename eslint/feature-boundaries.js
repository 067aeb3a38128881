import path from 'node:path';

/**
 * The feature folders each feature may import, as a graph: a cycle in it is refused when the
 * config loads, so allowing one back-edge breaks the lint before it can break the layering.
 */
export function assertNoCycle(allowed) {
  const state = new Map();
  const visit = (feature, trail) => {
    if (state.get(feature) === 'done') return;
    if (state.get(feature) === 'open') {
      const loop = [...trail.slice(trail.indexOf(feature)), feature].join(' -> ');
      throw new Error(`Feature imports may not form a loop: ${loop}`);
    }
    state.set(feature, 'open');
    for (const next of allowed[feature] ?? []) visit(next, [...trail, feature]);
    state.set(feature, 'done');
  };
  for (const feature of Object.keys(allowed)) visit(feature, []);
}

/**
 * A relative import from one feature folder into another is allowed only when declared; code
 * outside the features (platform, db) imports no feature at all, except the composition roots
 * that register them.
 */
export const featureBoundaries = {
  meta: {
    type: 'problem',
    docs: { description: 'Features import only platform, packages and their declared features' },
    schema: [
      {
        type: 'object',
        properties: {
          featuresDir: { type: 'string' },
          sourceDir: { type: 'string' },
          composers: { type: 'array', items: { type: 'string' } },
          allowed: { type: 'object' },
          declaredIn: { type: 'string' },
        },
        required: ['featuresDir', 'sourceDir', 'allowed'],
        additionalProperties: false,
      },
    ],
    messages: {
      undeclared:
        "Feature '{{from}}' may not import feature '{{to}}': move the shared part to platform/, " +
        'react through app.accountHooks, or declare the import in {{declaredIn}} (no loops).',
      platform: "'{{file}}' may not import feature '{{to}}': only {{composers}} register features.",
    },
  },
  create(context) {
    const [{ featuresDir, sourceDir, composers = [], allowed, declaredIn = 'the allowed map' }] =
      context.options;
    const cwd = context.cwd;
    const features = path.resolve(cwd, featuresDir);
    const source = path.resolve(cwd, sourceDir);
    const file = context.filename;
    const featureOf = (p) => {
      const rel = path.relative(features, p);
      return rel.startsWith('..') || path.isAbsolute(rel) ? null : rel.split(path.sep)[0];
    };
    const from = featureOf(file);
    const inSource = !path.relative(source, file).startsWith('..');
    const composer = composers.some((c) => path.resolve(cwd, c) === file);
    if (!inSource || composer) return {};

    const check = (node) => {
      const spec = node?.type === 'Literal' ? node.value : undefined;
      if (typeof spec !== 'string' || !spec.startsWith('.')) return;
      const to = featureOf(path.resolve(path.dirname(file), spec));
      if (!to || to === from) return;
      if (from === null) {
        const shown = path.relative(cwd, file);
        context.report({
          node,
          messageId: 'platform',
          data: { file: shown, to, composers: composers.join(', ') },
        });
      } else if (!(allowed[from] ?? []).includes(to)) {
        context.report({ node, messageId: 'undeclared', data: { from, to, declaredIn } });
      }
    };
    return {
      ImportDeclaration: (node) => check(node.source),
      ExportNamedDeclaration: (node) => check(node.source),
      ExportAllDeclaration: (node) => check(node.source),
      ImportExpression: (node) => check(node.source),
      'CallExpression[callee.object.name="vi"][callee.property.name="mock"]': (node) =>
        check(node.arguments[0]),
    };
  },
};
