/**
 * Checker faults where the admin edits: each part of the form editor (the template's head, a group, a field, a result,
 * a constant, the method, the list, the import) shows the faults at its place, and the summary below the form takes
 * the admin there (`goToFault`).
 */
import { Alert, Box } from '@mui/material';
import { createContext, useContext } from 'react';
import { faultAnchor, pointerSegments } from './faultPlace';
import type { EditorFault } from './validation';

export const EditorFaults = createContext<readonly EditorFault[]>([]);

const under = (pointer: string, part: string) => part === '' || pointer === part || pointer.startsWith(`${part}/`);

/**
 * The faults at `pointer` or below it, except those of parts that show their own (`except`: a part's pointer, or a
 * prefix ending in `/` for all parts of a list, e.g. `/groups/0/fields/`).
 */
export const FaultsAt = ({ pointer, except = [] }: { pointer: string; except?: readonly string[] }) => {
  const elsewhere = (at: string) => except.some((part) => (part.endsWith('/') ? at.startsWith(part) : under(at, part)));
  const faults = useContext(EditorFaults).filter((fault) => under(fault.pointer, pointer) && !elsewhere(fault.pointer));
  if (faults.length === 0) return null;
  return (
    <Alert
      severity="error"
      data-fault-at={pointer}
      data-testid={`faults-at-${pointer || '/'}`}
      sx={{ my: 0.5, py: 0, width: '100%', boxSizing: 'border-box' }}
    >
      {faults.map((fault, index) => (
        <Box key={index}>{fault.message}</Box>
      ))}
    </Alert>
  );
};

/** Which input of a part a pointer's remaining segments name (by the test ids the form editor gives its inputs). */
function inputSelector(rest: readonly string[]): string | undefined {
  const [segment, index] = rest;
  switch (segment) {
    case undefined:
      return undefined;
    case 'visibleIf':
      return [
        '[data-testid$="-condition"] select',
        '[data-testid$="-condition"] input:not([type="hidden"])',
        '[data-testid$="-condition-expression"]',
      ].join(', ');
    case 'rules':
      return `[data-testid$="-rule-${index ?? 0}-name"], [data-testid$="-rule-${index ?? 0}-arg-0"]`;
    case 'options':
      return `[data-testid$="-option-${index ?? 0}-value"]`;
    case 'label':
    case 'help':
    case 'placeholder':
    case 'description':
      return `[data-testid$="-${segment}-de"]`;
    default:
      return `[data-testid$="-${segment}"]`;
  }
}

/** Scrolls to the part that shows the fault at `pointer` and focuses its input; false when the form shows none. */
export function goToFault(pointer: string, root: ParentNode = document): boolean {
  const shownParts = [...root.querySelectorAll<HTMLElement>('[data-fault-at]')];
  const anchor = faultAnchor(pointer, new Set(shownParts.map((element) => element.dataset.faultAt ?? '')));
  const shown = shownParts.find((element) => element.dataset.faultAt === anchor);
  if (!shown) return false;
  shown.scrollIntoView?.({ behavior: 'smooth', block: 'center' });
  const part = shown.parentElement ?? shown;
  const rest = pointerSegments(pointer).slice(pointerSegments(anchor).length);
  const selector = inputSelector(rest);
  const input =
    (selector ? part.querySelector<HTMLElement>(selector) : null) ??
    part.querySelector<HTMLElement>('input:not([type="hidden"]):not([aria-hidden="true"]), select, textarea');
  input?.focus({ preventScroll: true });
  return true;
}
