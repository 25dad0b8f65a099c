/**
 * The icons a template may name (`icon`), by their MUI names. One list for the template checker (an unknown name is a
 * fault, not a silent generic icon), the client's icon map (typed against this list, so each name has its icon) and
 * the form editor's icon picker.
 */
import { checkerText, type CheckerText } from './checker-messages';

export const TEMPLATE_ICONS = [
  'Article',
  'AutoStories',
  'Badge',
  'Bolt',
  'Book',
  'Business',
  'Calculate',
  'CardGiftcard',
  'CropPortrait',
  'Description',
  'Email',
  'Event',
  'Factory',
  'Flight',
  'Forest',
  'Inventory2',
  'Label',
  'LocalShipping',
  'Mail',
  'MenuBook',
  'Newspaper',
  'Print',
  'Science',
  'Wallpaper',
] as const;

export type TemplateIconName = (typeof TEMPLATE_ICONS)[number];

const NAMES = new Set<string>(TEMPLATE_ICONS);

export function isTemplateIcon(name: unknown): name is TemplateIconName {
  return typeof name === 'string' && NAMES.has(name);
}

/** The checker's message for an icon outside the catalogue. */
export function unknownIconMessage(name: string): CheckerText {
  return checkerText('checker.unknownIcon', { name, icons: TEMPLATE_ICONS.join(', ') });
}
