/** The server's own state: `GET /api/health`, for load balancers and operators. */
import type { Static } from 'typebox';
import { Type } from './schema';

/** 200 with status "ok" while the database answers, 503 with status "degraded" (and `message`) while it does not. */
export const HealthStatus = Type.Object({
  status: Type.String(),
  database: Type.String(),
  version: Type.String(),
  message: Type.Optional(Type.String()),
});
export type HealthStatus = Static<typeof HealthStatus>;
