/**
 * Footprint reports and verification pages (issue 21, item 5): a report of a calculation or collection as PDF, and
 * published verification pages of reports and offset certificates, read without sign-in at `/verify/<token>`.
 */
import type { Static } from 'typebox';
import { LANGUAGES } from '../languages';
import { Nullable, RecordId, StringEnum, Type, UserRef } from './schema';

/** What can be published: a calculation's or a collection's report, an order's certificate. */
export const PUBLICATION_SUBJECTS = ['calculations', 'collections', 'orders'] as const;
export type PublicationSubject = (typeof PUBLICATION_SUBJECTS)[number];

/** `?language=`: the report's language (the customer's); default: the caller's interface language. */
export const ReportQuery = Type.Object({
  language: Type.Optional(StringEnum(LANGUAGES)),
});
export type ReportQuery = Static<typeof ReportQuery>;

/** Body of `POST /api/<subject>/:id/publications`. */
export const PublicationCreate = Type.Object({
  language: Type.Optional(StringEnum(LANGUAGES)),
});
export type PublicationCreate = Static<typeof PublicationCreate>;

/** A published verification page as its publishers see it (the public page shows the snapshot only). */
export const PublicationRecord = Type.Object({
  id: RecordId(),
  mandant_id: Type.Integer(),
  subject_type: StringEnum(PUBLICATION_SUBJECTS),
  subject_id: Type.Integer(),
  language: StringEnum(LANGUAGES),
  /** The subject's number or name when it was published. */
  label: Type.String(),
  /** The page's absolute address (the QR code on the PDF carries it). */
  url: Type.String(),
  created_by: UserRef(),
  created_at: Type.String(),
  /** Set once revoked; the address then answers 404. */
  revoked_at: Nullable(Type.String()),
});
export type PublicationRecord = Static<typeof PublicationRecord>;

/** The token in `/verify/<token>`: 22 base64url characters (128 bits); anything else is not found. */
export const VerifyParams = Type.Object({ token: Type.String() });
export type VerifyParams = Static<typeof VerifyParams>;

/** `page`: which part of a long report's verification page (from 1); a report shows its calculations in pages. */
export const VerifyQuery = Type.Object({ page: Type.Optional(Type.Integer({ minimum: 1, maximum: 1_000_000 })) });
export type VerifyQuery = Static<typeof VerifyQuery>;
