import type { MachineSetRecord } from '../../core/api';

/** "Maschinenpark 2026-1": a machine set as lists and pickers name it. */
export const setLabel = (set: MachineSetRecord) => `${set.name} ${set.version_label}`;
