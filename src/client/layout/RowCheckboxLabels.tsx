import { useEffect } from 'react';

/**
 * react-admin's row-selection checkboxes (Datagrid and DataTable) pass their translated `aria-label` to MUI's
 * Checkbox root, a <span>, so the <input> a screen reader lands on has no name and the span carries a prohibited
 * attribute (axe: `label`, `aria-prohibited-attr`). Until react-admin passes it to the input, move it there.
 */
function labelRowCheckboxes(root: ParentNode): void {
  for (const span of root.querySelectorAll<HTMLElement>('span.select-item[aria-label]')) {
    const input = span.querySelector('input');
    if (input) input.setAttribute('aria-label', span.getAttribute('aria-label') ?? '');
    span.removeAttribute('aria-label');
  }
}

export const RowCheckboxLabels = () => {
  useEffect(() => {
    labelRowCheckboxes(document);
    const observer = new MutationObserver(() => labelRowCheckboxes(document));
    observer.observe(document.body, { childList: true, subtree: true, attributes: true, attributeFilter: ['aria-label'] });
    return () => observer.disconnect();
  }, []);
  return null;
};
