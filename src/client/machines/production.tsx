/**
 * The production data a calculation form computes with: the machine set the calculation already read, else the
 * mandant's current one. The machine selects list its machines of a kind; the live preview reads the same
 * `ProductionData` the server builds (core/production.ts), so both compute alike.
 */
import { useMemo } from 'react';
import { SelectInput, useGetList, useRecordContext } from 'react-admin';
import { fieldTypeOf } from '../../core/field-types';
import type { Template } from '../../core/template';
import {
  machineKeysByKind,
  siteFootprintOf,
  toProductionData,
  type MachineKind,
  type ProductionData,
} from '../../core/production';
import type { MachineRecord, MachineSetRecord } from '../../core/api';
import type { FormFieldInputProps } from '../layout/formFieldInputProps';

export interface ProductionState {
  data: ProductionData | undefined;
  machines: MachineRecord[];
  keysByKind: Record<string, string[]> | undefined;
}

/** Whether a template reads production data at all: only then does its form load the machine set. */
export function templateUsesProduction(template: Template): boolean {
  const fields = template.groups.flatMap((group) => group.fields);
  return (
    fields.some((field) => fieldTypeOf(field.type).choices === 'machines') ||
    template.results.some((result) => /\benergy\s*\(/.test(result.formula))
  );
}

export function useProductionData(enabled = true): ProductionState {
  const record = useRecordContext<{ machine_set_id?: number | null }>();
  const kept = record?.machine_set_id ?? undefined;
  const { data: sets } = useGetList<MachineSetRecord>(
    'machine-sets',
    { filter: kept === undefined ? { current: true } : { id: [kept] }, pagination: { page: 1, perPage: 1 } },
    { enabled },
  );
  const set = sets?.[0];
  const { data: machines } = useGetList<MachineRecord>(
    'machines',
    { filter: { set_id: set?.id }, pagination: { page: 1, perPage: 500 }, sort: { field: 'name', order: 'ASC' } },
    { enabled: enabled && set !== undefined },
  );
  return useMemo(() => {
    if (!set || !machines) return { data: undefined, machines: [], keysByKind: undefined };
    return {
      data: toProductionData(set, machines, siteFootprintOf(set)),
      machines,
      keysByKind: machineKeysByKind(machines),
    };
  }, [set, machines]);
}

/** A template's machine field: one of the mandant's machines of the field's kind. */
export const MachineFieldInput = ({ kind, ...input }: FormFieldInputProps & { kind: MachineKind | undefined }) => {
  const { machines } = useProductionData();
  const choices = machines
    .filter((machine) => machine.kind === kind)
    .map((machine) => ({ id: machine.key, name: machine.name }));
  return <SelectInput {...input} choices={choices} fullWidth />;
};
