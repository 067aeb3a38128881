import type { App } from '../src/app.ts';

/** The request body schemas of the OpenAPI document, as far as the sweep samples them. */
export type JsonSchema = {
  type?: string;
  format?: string;
  enum?: unknown[];
  properties?: Record<string, JsonSchema>;
  required?: string[];
  items?: JsonSchema;
  minimum?: number;
  maximum?: number;
  minLength?: number;
  anyOf?: JsonSchema[];
  oneOf?: JsonSchema[];
};

export interface Route {
  method: 'POST' | 'PUT' | 'PATCH' | 'DELETE';
  path: string;
  body?: JsonSchema;
}

/** Every state-changing route the server documents. */
export function writeRoutes(app: App): Route[] {
  const spec = (
    app as unknown as {
      swagger(): {
        paths: Record<
          string,
          Record<string, { requestBody?: { content?: Record<string, { schema?: JsonSchema }> } }>
        >;
      };
    }
  ).swagger();
  return Object.entries(spec.paths).flatMap(([path, ops]) =>
    Object.entries(ops)
      .filter(([method]) => ['post', 'put', 'patch', 'delete'].includes(method))
      .map(([method, op]) => ({
        method: method.toUpperCase() as Route['method'],
        path,
        body: op.requestBody?.content?.['application/json']?.schema,
      })),
  );
}

/** An account with one of everything a request can name: images, project, links, room, share. */
