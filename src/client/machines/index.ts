/**
 * The mandant's production data (issue 21): `/machines` lists the machines of a machine set (by default the current
 * one) and `/machine-sets` the versions with their energy contract. Both are written by the mandant's admins only
 * (core/access/policy.ts); react-admin's buttons follow the policy.
 */
import PrecisionManufacturingIcon from '@mui/icons-material/PrecisionManufacturing';
import TuneIcon from '@mui/icons-material/Tune';
import type { MachineRecord, MachineSetRecord } from '../../core/api';
import { lazyResource } from '../shell/navigation/lazyPage';
import { setLabel } from './setLabel';

// The screens load with the first visit, not with the login page.
const machinePages = () => import('./MachinePages');
const setPages = () => import('./MachineSetPages');

export default lazyResource(
  {
    list: () => import('./MachineList').then((m) => m.MachineList),
    create: () => machinePages().then((m) => m.MachineCreate),
    edit: () => machinePages().then((m) => m.MachineEdit),
  },
  {
    icon: PrecisionManufacturingIcon,
    options: { label: 'machines.menu' },
    recordRepresentation: (record: MachineRecord) => record.name,
  },
);

export const machineSets = lazyResource(
  {
    list: () => setPages().then((m) => m.MachineSetList),
    create: () => setPages().then((m) => m.MachineSetCreate),
    edit: () => setPages().then((m) => m.MachineSetEdit),
  },
  {
    icon: TuneIcon,
    options: { label: 'machines.sets.title' },
    recordRepresentation: (record: MachineSetRecord) => setLabel(record),
  },
);
