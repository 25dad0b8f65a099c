/**
 * Record ids and other integer columns are 32-bit `integer` on PostgreSQL: a larger value in a URL,
 * body or filter would be a database error there (a 500), so every schema stops at MAX_INT32 and
 * answers 400 or 404 instead.
 */
export const MAX_INT32 = 2_147_483_647;

/** JSON schema of a record id (a positive 32-bit integer). */
export const idSchema = { type: 'integer', minimum: 1, maximum: MAX_INT32 } as const;

/** Route params of `/…/:id`. */
export const idParams = { type: 'object', properties: { id: idSchema }, required: ['id'] } as const;
