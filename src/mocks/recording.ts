/**
 * The shape of a recording of the demo data (scripts/mock-recording.ts): what the mock store starts from.
 * Types only: the recording itself is made in Node and handed to the browser as JSON.
 */
import type { LoginResponse } from '../core/api';

interface OpenApiParameter {
  name: string;
  in: string;
  schema?: { enum?: unknown[] };
}
interface OpenApiOperation {
  parameters?: OpenApiParameter[];
  responses?: Record<string, { content?: Record<string, { schema?: unknown }> }>;
}
export interface OpenApiDocument {
  paths: Record<string, Partial<Record<'get' | 'post' | 'put' | 'delete', OpenApiOperation>>>;
  components?: { schemas?: Record<string, unknown> };
}

export interface RecordedAccount {
  email: string;
  session: LoginResponse;
  /** Answers of the custom GET routes as this account saw them, by path (`/api/collections/tags`, …). */
  answers: Record<string, unknown>;
}

export interface MockRecording {
  openapi: OpenApiDocument;
  /** The demo password every demo account signs in with. */
  password: string;
  /** Every REST resource's records (all the demo accounts could read), by resource and id. */
  records: Record<string, Record<string, Record<string, unknown>>>;
  accounts: RecordedAccount[];
}
