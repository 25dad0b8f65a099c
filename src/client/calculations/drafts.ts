/**
 * Unsaved calculation forms, kept in the persisted client state (`compilations.drafts`) so that a closed tab, a
 * crash, a reload or an expired session does not lose what the user typed. One draft per form: `new:<template>`,
 * `edit:<calculation id>`, `duplicate:<original id>`. A draft belongs to the user who typed it; a successful save
 * spends it.
 */
import { readClientState, updateClientSlice, type JsonValue } from '../shell/persistence/clientState';

const SLICE = 'compilations';
const KEY = 'drafts';
/** Older drafts beyond this many are dropped: the entry must stay small (localStorage holds a few MB). */
const MAX_DRAFTS = 20;

export interface CalculationDraft {
  user_id: number;
  /** ISO 8601: when it was last written. */
  saved_at: string;
  /** The form's values as react-hook-form holds them. */
  values: { [key: string]: JsonValue };
}

type Drafts = Record<string, CalculationDraft>;

function allDrafts(): Drafts {
  const stored = readClientState()[SLICE][KEY];
  return stored && typeof stored === 'object' && !Array.isArray(stored) ? (stored as unknown as Drafts) : {};
}

/** The draft of `formKey` typed by `userId`, if any. */
export function readDraft(formKey: string, userId: number): CalculationDraft | null {
  const draft = allDrafts()[formKey];
  return draft && draft.user_id === userId && typeof draft.values === 'object' ? draft : null;
}

export function writeDraft(formKey: string, draft: CalculationDraft): void {
  updateClientSlice(SLICE, (slice) => {
    const drafts: Drafts = { ...allDrafts(), [formKey]: draft };
    const keys = Object.keys(drafts).sort((a, b) => drafts[b]!.saved_at.localeCompare(drafts[a]!.saved_at));
    const kept = Object.fromEntries(keys.slice(0, MAX_DRAFTS).map((key) => [key, drafts[key]!]));
    return { ...slice, [KEY]: kept as unknown as JsonValue };
  });
}

export function removeDraft(formKey: string): void {
  if (!(formKey in allDrafts())) return;
  updateClientSlice(SLICE, (slice) => {
    const drafts = { ...allDrafts() };
    delete drafts[formKey];
    return { ...slice, [KEY]: drafts as unknown as JsonValue };
  });
}
