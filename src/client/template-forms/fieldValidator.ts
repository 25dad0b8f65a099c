/**
 * react-admin validators built from a template field's named rules. The verdict and the message come from the core
 * (`validateField`), the same code the server's checks agree with, so client and server never disagree.
 */
import type { Validator } from 'react-admin';
import type { Language } from '../../core/languages';
import { validateField, compileRules } from '../../core/rules';
import type { Field } from '../../core/template';
import { isRecordObject, parentPath, readPath } from './formPaths';

type TemplateValidator = Validator & { isRequired?: boolean };

export function fieldValidator(field: Field, lang: Language): TemplateValidator {
  const validator: TemplateValidator = (value, allValues, props) => {
    // react-admin passes the input's full path (inside an ArrayInput: `inputs.transport.0.distance_km`).
    const source = String(
      (props as { finalSource?: string; source?: string } | undefined)?.finalSource ?? props?.source ?? '',
    );
    const level = readPath(allValues, parentPath(source));
    return validateField(field, value, lang, isRecordObject(level) ? level : {});
  };
  // react-admin reads this flag to mark the label with an asterisk.
  validator.isRequired = compileRules(field).rules.required;
  return validator;
}
