import { useState } from 'react';
import type { z } from 'zod';

/** Validates with a contract schema; returns the data, or records a message per field. */
export function useFieldErrors() {
  const [errors, setErrors] = useState<Record<string, string>>({});
  function validate<S extends z.ZodType>(schema: S, values: unknown): z.output<S> | undefined {
    const result = schema.safeParse(values);
    if (result.success) {
      setErrors({});
      return result.data;
    }
    const next: Record<string, string> = {};
    for (const issue of result.error.issues) {
      const key = String(issue.path[0] ?? 'form');
      next[key] ??= issue.message;
    }
    setErrors(next);
    return undefined;
  }
  return { errors, validate, setErrors };
}
