/**
 * Record ids in URLs. Record ids and other integer columns are 32-bit `integer` on PostgreSQL, so every schema stops at
 * MAX_INT32 (see core/api/schema.ts) and answers 400 or 404 instead of a database error.
 */
import { Type } from 'typebox';
import { MAX_INT32, RecordId } from '../../core/api/schema';

export { MAX_INT32 };

/** JSON schema of a record id (a positive 32-bit integer). */
export const idSchema = RecordId();

/** Route params of `/…/:id`. */
export const idParams = Type.Object({ id: idSchema });
