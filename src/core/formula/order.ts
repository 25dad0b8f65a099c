/** Evaluation order of results: a topological sort of their references, cycles reported. */

export interface ResultDependencies {
  name: string;
  /** Names of results this one references. */
  uses: Iterable<string>;
}

export type ResultOrder = { ok: true; order: string[] } | { ok: false; cycle: string[] };

/** Stable (template order among independent results); on a cycle returns one, e.g. `['a', 'b', 'a']`. */
export function orderResults(results: ResultDependencies[]): ResultOrder {
  const uses = new Map(results.map((result) => [result.name, [...result.uses].filter((name) => name !== undefined)]));
  const state = new Map<string, 'visiting' | 'done'>();
  const order: string[] = [];
  const path: string[] = [];

  const visit = (name: string): string[] | undefined => {
    const seen = state.get(name);
    if (seen === 'done') return undefined;
    if (seen === 'visiting') return [...path.slice(path.indexOf(name)), name];
    state.set(name, 'visiting');
    path.push(name);
    for (const dependency of uses.get(name) ?? []) {
      if (!uses.has(dependency)) continue;
      const cycle = visit(dependency);
      if (cycle) return cycle;
    }
    path.pop();
    state.set(name, 'done');
    order.push(name);
    return undefined;
  };

  for (const result of results) {
    const cycle = visit(result.name);
    if (cycle) return { ok: false, cycle };
  }
  return { ok: true, order };
}
