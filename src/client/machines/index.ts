/**
 * The mandant's production data (issue 21): `/machines` lists the machines of a machine set (by default the current
 * one) and `/machine-sets` the versions with their energy contract. Both are written by the mandant's admins only
 * (core/access/policy.ts); react-admin's buttons follow the policy.
 */
import PrecisionManufacturingIcon from '@mui/icons-material/PrecisionManufacturing';
import TuneIcon from '@mui/icons-material/Tune';
import type { MachineRecord, MachineSetRecord } from '../../core/api';
import { lazyView } from '../shell/navigation/lazyPage';

// The screens load with the first visit, not with the login page.
const MachineList = lazyView(() => import('./MachineList'), 'MachineList');
const MachineCreate = lazyView(() => import('./MachinePages'), 'MachineCreate');
const MachineEdit = lazyView(() => import('./MachinePages'), 'MachineEdit');
const MachineSetList = lazyView(() => import('./MachineSetPages'), 'MachineSetList');
const MachineSetCreate = lazyView(() => import('./MachineSetPages'), 'MachineSetCreate');
const MachineSetEdit = lazyView(() => import('./MachineSetPages'), 'MachineSetEdit');
import { setLabel } from './setLabel';

export default {
  list: MachineList,
  create: MachineCreate,
  edit: MachineEdit,
  icon: PrecisionManufacturingIcon,
  options: { label: 'machines.menu' },
  recordRepresentation: (record: MachineRecord) => record.name,
};

export const machineSets = {
  list: MachineSetList,
  create: MachineSetCreate,
  edit: MachineSetEdit,
  icon: TuneIcon,
  options: { label: 'machines.sets.title' },
  recordRepresentation: (record: MachineSetRecord) => setLabel(record),
};
