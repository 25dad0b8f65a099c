/**
 * A CSV download produced in batches (protocol export, migration rows), so that a long file never
 * sits in memory as one string.
 *
 * The status line goes out only after the first batch is in hand: a parameter, a permission or a
 * query the database refuses there still answers with its own status and message, not a 200.
 * A failure after the first byte cannot change the status any more; the stream's error makes
 * Fastify destroy the connection, so the client sees a broken transfer (no final chunk) instead of
 * a file that merely looks complete.
 */
import { Readable } from 'node:stream';
import type { FastifyReply } from 'fastify';

export async function sendCsvDownload(
  reply: FastifyReply,
  fileName: string,
  header: string,
  batches: AsyncIterable<string>,
): Promise<FastifyReply> {
  const iterator = batches[Symbol.asyncIterator]();
  const first = await iterator.next();
  async function* chunks(): AsyncGenerator<string> {
    try {
      yield first.done ? header : `${header}${first.value}`;
      if (first.done) return;
      for (let next = await iterator.next(); !next.done; next = await iterator.next()) yield next.value;
    } finally {
      // A client that goes away ends the batches too (no further queries).
      await iterator.return?.();
    }
  }
  return reply
    .type('text/csv; charset=utf-8')
    .header('Content-Disposition', `attachment; filename="${fileName}"`)
    .send(Readable.from(chunks()));
}
