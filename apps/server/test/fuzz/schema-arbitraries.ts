import fc from 'fast-check';

/** The part of JSON Schema the zod contract produces (via fastify-type-provider-zod). */
export interface JsonSchema {
  type?: string | string[];
  properties?: Record<string, JsonSchema>;
  required?: string[];
  items?: JsonSchema;
  anyOf?: JsonSchema[];
  oneOf?: JsonSchema[];
  allOf?: JsonSchema[];
  enum?: unknown[];
  const?: unknown;
  format?: string;
  pattern?: string;
  minLength?: number;
  maxLength?: number;
  minimum?: number;
  maximum?: number;
  minItems?: number;
  maxItems?: number;
}

/** Text a client should never be able to hurt us with. */
const nasty = fc.constantFrom(
  '\u0000',
  'a\u0000b',
  '\ud800',
  '\uffff',
  "'; drop table users; --",
  '../../etc/passwd',
  '%00',
  'x'.repeat(5000),
  '',
  ' ',
  '😀',
  '{"a":1}',
  'http://169.254.169.254/latest/meta-data',
  '1e309',
  '-0',
);
const weirdNumber = fc.constantFrom(-1, 0, 1.5, -1e9, 1e12, Number.MAX_SAFE_INTEGER + 2);

/** Anything at all, often almost right: the other half of every generated value. */
export const wrong: fc.Arbitrary<unknown> = fc.oneof(
  nasty,
  weirdNumber,
  fc.constantFrom(null, true, [], {}),
  fc.anything({ maxDepth: 2, maxKeys: 3 }),
);

/** A well-formed value with one character no text should hold, somewhere inside it. */
function tainted(valid: fc.Arbitrary<string>): fc.Arbitrary<string> {
  return fc
    .tuple(
      valid,
      fc.constantFrom('\u0000', '\u0000', '\u0000', '\ud800', '\udfff', '\ufffe', '\ufdd0'),
      fc.nat(),
    )
    .map(([text, bad, at]) => {
      const i = text.length ? at % (text.length + 1) : 0;
      return text.slice(0, i) + bad + text.slice(i);
    });
}

function stringOf(schema: JsonSchema): fc.Arbitrary<string> {
  const valid = wellFormedString(schema);
  return fc.oneof({ weight: 2, arbitrary: valid }, { weight: 1, arbitrary: tainted(valid) });
}

function wellFormedString(schema: JsonSchema): fc.Arbitrary<string> {
  if (schema.format === 'uuid') return fc.uuid();
  if (schema.format === 'email') return fc.emailAddress();
  if (schema.format === 'uri') return fc.webUrl();
  if (schema.pattern) {
    try {
      return fc.stringMatching(new RegExp(schema.pattern)).filter((s) => s.length <= 2000);
    } catch {
      /* a pattern JavaScript cannot read: fall through to plain text */
    }
  }
  return fc.string({
    minLength: schema.minLength ?? 0,
    maxLength: Math.min(schema.maxLength ?? 40, 200),
  });
}

/** Values that fit the schema, mixed with values that nearly fit and values that do not. */
export function arbitraryOf(schema: JsonSchema | undefined, depth = 0): fc.Arbitrary<unknown> {
  if (!schema || depth > 4) return wrong;
  const valid = validOf(schema, depth);
  return fc.oneof({ weight: 4, arbitrary: valid }, { weight: 1, arbitrary: wrong });
}

function validOf(schema: JsonSchema, depth: number): fc.Arbitrary<unknown> {
  if (schema.const !== undefined) return fc.constant(schema.const);
  if (schema.enum) return fc.constantFrom(...schema.enum);
  const choices = schema.anyOf ?? schema.oneOf;
  if (choices?.length) return fc.oneof(...choices.map((s) => arbitraryOf(s, depth + 1)));
  if (schema.allOf?.length) return arbitraryOf(schema.allOf[0], depth + 1);
  const type = Array.isArray(schema.type) ? schema.type[0] : schema.type;
  switch (type) {
    case 'string':
      return stringOf(schema);
    case 'integer':
      return fc.integer({
        min: schema.minimum ?? -1000,
        max: Math.min(schema.maximum ?? 1000, 1e9),
      });
    case 'number':
      return fc.double({
        min: schema.minimum ?? -1e6,
        max: schema.maximum ?? 1e6,
        noNaN: true,
      });
    case 'boolean':
      return fc.boolean();
    case 'null':
      return fc.constant(null);
    case 'array':
      return fc.array(arbitraryOf(schema.items, depth + 1), {
        minLength: schema.minItems ?? 0,
        maxLength: Math.min(schema.maxItems ?? 4, 6),
      });
    case 'object':
    default: {
      const properties = schema.properties ?? {};
      const required = new Set(schema.required ?? []);
      const keys = Object.keys(properties);
      if (keys.length === 0)
        return fc.dictionary(fc.string({ maxLength: 8 }), wrong, { maxKeys: 2 });
      return fc.record(
        Object.fromEntries(keys.map((k) => [k, arbitraryOf(properties[k], depth + 1)])),
        { requiredKeys: keys.filter((k) => required.has(k)) },
      );
    }
  }
}
