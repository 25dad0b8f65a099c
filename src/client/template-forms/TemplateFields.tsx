/**
 * The generated form body (rjsf-style split: the template is the data schema, these components are the UI): every
 * group as a collapsible card, ordinary groups as their fields, repeatable groups as add/remove lists.
 */
import { Box } from '@mui/material';
import { localize } from '../../core/rules';
import type { Template } from '../../core/template';
import { CollapsibleGroup } from './CollapsibleGroup';
import { groupSource, topLevelSource } from './formPaths';
import { RepeatableGroup } from './RepeatableGroup';
import { FIELD_GRID_SX, TemplateFieldInput } from './TemplateFieldInput';
import { useLanguage } from '../i18n/useLanguage';

export const TemplateFields = ({ template }: { template: Template }) => {
  const lang = useLanguage();
  return (
    <>
      {template.groups.map((group) => (
        <CollapsibleGroup
          key={group.id}
          testId={`group-${group.id}`}
          title={localize(group.label, lang, group.id)}
          help={group.help ? localize(group.help, lang) : undefined}
          initiallyCollapsed={group.collapsed}
          fieldPaths={
            group.repeatable ? [groupSource(group.id)] : group.fields.map((field) => topLevelSource(field.name))
          }
        >
          {group.repeatable ? (
            <RepeatableGroup template={template} group={group} />
          ) : (
            <Box sx={FIELD_GRID_SX}>
              {group.fields.map((field) => (
                <TemplateFieldInput key={field.name} field={field} source={topLevelSource(field.name)} />
              ))}
            </Box>
          )}
        </CollapsibleGroup>
      ))}
    </>
  );
};
