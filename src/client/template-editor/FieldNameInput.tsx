/**
 * A field's name, renamed in one step (issue #34): the name is typed freely and takes effect when the input is left
 * (or Enter is pressed); then every condition, formula, list column, filter and import alias that named the field
 * follows (core `renameField`), so no half-typed name ever becomes a reference.
 */
import { fieldUsage, renameField, type FieldRef } from '../../core/template';
import type { EditableTemplate } from './definitionEdits';
import { DraftInput } from './DraftInput';
import { asTemplate } from './useRemovalConfirm';

const showName = (value: string | undefined) => value ?? '';
const readName = (text: string) => text;

export const FieldNameInput = ({
  onCommit,
  ...input
}: {
  label: string;
  value: string | undefined;
  testId: string;
  onCommit: (name: string) => void;
}) => <DraftInput {...input} show={showName} read={readName} width={160} onCommit={(name) => onCommit(name.trim())} />;

/**
 * Renames field `ref` of the draft to `to` with every reference (in place, as the form editor's updates work), and
 * answers how many places followed. A name that is empty or already taken at the field's level renames the field
 * alone: references then stay with the name they meant, and the checker points at the clash.
 */
export function renameInDraft(draft: EditableTemplate, ref: FieldRef, to: string): number {
  const groups = draft.groups ?? [];
  const level = groups.filter((group) =>
    ref.group === undefined ? !group.repeatable : group.repeatable && group.id === ref.group,
  );
  const taken =
    ref.group === undefined
      ? [
          ...level.flatMap((group) => group.fields ?? []).map((field) => field.name),
          ...groups.filter((group) => group.repeatable).map((group) => group.id),
          ...(draft.results ?? []).map((result) => result.name),
        ]
      : level.flatMap((group) => group.fields ?? []).map((field) => field.name);
  if (to === '' || taken.includes(to)) {
    for (const group of level)
      group.fields = (group.fields ?? []).map((field) => (field.name === ref.name ? { ...field, name: to } : field));
    return 0;
  }
  const template = asTemplate(draft);
  const usage = fieldUsage(template, ref);
  const renamed = renameField(template, ref, to);
  draft.groups = renamed.groups;
  draft.results = renamed.results;
  if (draft.list) draft.list = renamed.list;
  if (renamed.import) draft.import = renamed.import;
  return usage.pointers.length + Number(usage.listColumn) + Number(usage.listFilter) + usage.aliases.length;
}
