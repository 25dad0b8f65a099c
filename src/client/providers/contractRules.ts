/**
 * Form validators read from the API contract: a limit is declared once, in the TypeBox schema under `src/core/api`,
 * and a form shows the same bound the server enforces instead of restating (and drifting from) it.
 */
import type { TSchema } from 'typebox';
import { email, maxLength, maxValue, minLength, minValue, regex, required, type Validator } from 'react-admin';

/** The JSON-schema facts of one property that a form can check before sending. */
interface PropertyFacts {
  type?: string | string[];
  format?: string;
  minLength?: number;
  maxLength?: number;
  pattern?: string;
  minimum?: number;
  maximum?: number;
  exclusiveMinimum?: number;
}

interface ContractRuleOptions {
  /** The form requires a value although the contract allows omitting it (or the reverse: false). */
  required?: boolean;
  /** Message key for a pattern mismatch; without it a pattern is left to the server, whose answer names the field. */
  patternMessage?: string;
}

/** The property `path` ("settings.provider_name") of an object schema, unwrapping nested objects. */
function propertyOf(schema: TSchema, path: string): PropertyFacts {
  let node = schema as { properties?: Record<string, TSchema> };
  for (const part of path.split('.')) {
    const next = node.properties?.[part];
    if (!next) throw new Error(`The contract has no property "${path}"`);
    node = next as typeof node;
  }
  return node as PropertyFacts;
}

/** Strictly above `bound`: `minValue` would accept the bound itself. */
const greaterThan =
  (bound: number): Validator =>
  (value: unknown) =>
    typeof value === 'number' && value <= bound
      ? { message: 'app.validation.greater_than', args: { min: bound } }
      : undefined;

/** The contract's longest value for the property `path`, for an input's own `maxLength` attribute. */
export function contractMaxLength(schema: TSchema, path: string): number | undefined {
  return propertyOf(schema, path).maxLength;
}

/** Validators for the property `path` of `schema`, e.g. `contractRules(AccountRequestFields, 'name')`. */
export function contractRules(schema: TSchema, path: string, options: ContractRuleOptions = {}): Validator[] {
  const facts = propertyOf(schema, path);
  const rules: Validator[] = [];
  const requiredByContract = (facts.minLength ?? 0) > 0;
  if (options.required ?? requiredByContract) rules.push(required());
  if (facts.minLength !== undefined && facts.minLength > 1) rules.push(minLength(facts.minLength));
  if (facts.maxLength !== undefined) rules.push(maxLength(facts.maxLength));
  if (facts.format === 'email') rules.push(email());
  if (facts.pattern !== undefined && options.patternMessage)
    rules.push(regex(new RegExp(facts.pattern), options.patternMessage));
  if (facts.minimum !== undefined) rules.push(minValue(facts.minimum));
  if (facts.maximum !== undefined) rules.push(maxValue(facts.maximum));
  if (facts.exclusiveMinimum !== undefined) rules.push(greaterThan(facts.exclusiveMinimum));
  return rules;
}
