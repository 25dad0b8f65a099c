/** Several lines of text: a value like `text`'s (the form gives it a wider input). */
import type { CoreFieldType } from './contract';
import { text } from './text';

export const textarea = {
  ...text,
  guide: { value: 'text (several lines)', csv: 'the text as written' },
} satisfies CoreFieldType;
