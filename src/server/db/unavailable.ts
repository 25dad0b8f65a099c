/** Telling a database that is away from one that refused a request (http/errors.ts, imports/job.ts). */

/**
 * The error of a database connection that is gone or cannot be opened now (PostgreSQL restarted or away):
 * 57P01–57P03 (administrator or crash shutdown, cannot connect now), class 08 (connection exceptions),
 * a refused connection, or pg's own words for a connection that ended.
 */
export function isDatabaseUnavailable(problem: unknown): boolean {
  const p = problem as { code?: unknown; message?: unknown } | null;
  const code = typeof p?.code === 'string' ? p.code : '';
  if (/^57P0[1-3]$/.test(code) || code.startsWith('08') || code === 'ECONNREFUSED') return true;
  const message = typeof p?.message === 'string' ? p.message : '';
  return /Connection terminated|not queryable|connection error|terminating connection/i.test(message);
}
