/** Where ordering a CO2 offset contribution starts, for links from calculations and collections. */
export function newOrderPath(subject: { calculation: number } | { collection: number }): string {
  return 'calculation' in subject
    ? `/orders/new?calculation=${subject.calculation}`
    : `/orders/new?collection=${subject.collection}`;
}
