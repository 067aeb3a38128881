const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** Whether a value from a client is a UUID, before it reaches a uuid column (which would throw). */
export const isUuid = (value: string | undefined): value is string =>
  typeof value === 'string' && UUID.test(value);
