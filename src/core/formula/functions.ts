/** The functions a formula may call, with their arity. Evaluation lives in evaluate.ts. */
export interface FunctionSignature {
  minArgs: number;
  /** Infinity for variadic functions. */
  maxArgs: number;
  usage: string;
}

export const FUNCTIONS: Readonly<Record<string, FunctionSignature>> = Object.freeze({
  factor: { minArgs: 1, maxArgs: 1, usage: 'factor(factorField)' },
  machine: { minArgs: 2, maxArgs: 2, usage: "machine(machineField, 'power_kw')" },
  energy: { minArgs: 1, maxArgs: 1, usage: "energy('electricity')" },
  overhead: { minArgs: 3, maxArgs: 3, usage: 'overhead(machine_hours, sheets, kg)' },
  chosen: { minArgs: 1, maxArgs: 1, usage: 'chosen(optionalField)' },
  has: { minArgs: 2, maxArgs: 2, usage: "has(listField, 'value')" },
  option: { minArgs: 1, maxArgs: 1, usage: "option('selectField')" },
  sum: { minArgs: 2, maxArgs: 2, usage: 'sum(repeatableGroup, expression)' },
  count: { minArgs: 1, maxArgs: 1, usage: 'count(repeatableGroup)' },
  min: { minArgs: 1, maxArgs: Infinity, usage: 'min(a, b, …)' },
  max: { minArgs: 1, maxArgs: Infinity, usage: 'max(a, b, …)' },
  round: { minArgs: 1, maxArgs: 2, usage: 'round(x, digits?)' },
  ceil: { minArgs: 1, maxArgs: 1, usage: 'ceil(x)' },
  floor: { minArgs: 1, maxArgs: 1, usage: 'floor(x)' },
  abs: { minArgs: 1, maxArgs: 1, usage: 'abs(x)' },
  if: { minArgs: 3, maxArgs: 3, usage: 'if(condition, then, else)' },
});

export function isFunctionName(name: string): boolean {
  return Object.prototype.hasOwnProperty.call(FUNCTIONS, name);
}
