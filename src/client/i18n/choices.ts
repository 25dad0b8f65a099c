/**
 * Choices for a react-admin select over a fixed list of values (statuses, kinds, roles …): each value's label is the
 * locale key `<prefix>.<value>`, which the select translates.
 */
export const keyedChoices = <T extends string>(values: readonly T[], prefix: string) =>
  values.map((id) => ({ id, name: `${prefix}.${id}` }));
