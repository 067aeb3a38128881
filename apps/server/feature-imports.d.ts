export const serverFeatureImports: Record<string, readonly string[]>;
