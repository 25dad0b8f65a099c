/**
 * A number typed as text (a DraftInput): the draft stays what the admin types ("0,", "-") while the document gets the
 * number once it is one.
 */
import { DraftInput } from './DraftInput';

export function parseNumber(text: string): number | undefined {
  const trimmed = text.trim().replace(',', '.');
  if (trimmed === '' || !/^[-+]?(\d+\.?\d*|\.\d+)(e[-+]?\d+)?$/i.test(trimmed)) return undefined;
  const number = Number(trimmed);
  return Number.isFinite(number) ? number : undefined;
}

const showNumber = (value: number | undefined) => (value === undefined ? '' : String(value));

export const NumberDraftInput = ({
  width = 110,
  ...input
}: {
  value: number | undefined;
  /** undefined: the text is empty (or not a number yet). */
  onChange: (value: number | undefined) => void;
  label: string;
  testId: string;
  width?: number;
}) => <DraftInput {...input} show={showNumber} read={parseNumber} width={width} decimal />;
