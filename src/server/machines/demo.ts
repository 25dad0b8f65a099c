/**
 * Demo production data: each demo mandant gets a published, current machine set with an offset press, a digital
 * press and a folder. The figures are plausible orders of magnitude for such machines, not measurements; each source
 * says so, so nobody mistakes them for a printer's own data.
 */
import type { Kysely } from 'kysely';
import type { MachineKind } from '../../core/production';
import type { MachineFigures } from '../../core/api';
import type { DatabaseSchema } from '../db/schema';
import { isoNow } from '../db/values';
// The machine tables' types (declaration merging into DatabaseSchema).
import './schema';

const DEMO_NOTE = 'Demo value, not measured: typical order of magnitude for this machine class';
const figure = (value: number, what: string) => ({ value, source: `${DEMO_NOTE} (${what})`, year: 2025 });

const DEMO_MACHINES: readonly { key: string; kind: MachineKind; name: string; figures: MachineFigures }[] = [
  {
    key: 'sm-102',
    kind: 'press',
    // Named as a German print shop names its machines (the demo mandants are German): by model and class, not in
    // English words a German interface would show untranslated, since a machine's name is the mandant's own data.
    name: 'Speedmaster SM 102-4 · Bogenoffset B1 (Demo)',
    figures: {
      power_kw: figure(90, 'connected load of a 4-colour B1 sheetfed press as in manufacturer data sheets'),
      speed_sheets_per_hour: figure(13000, 'production speed, well below the rated maximum'),
      makeready_minutes: figure(20, 'job change with automatic plate change'),
      makeready_sheets: figure(150, 'start-up waste sheets per job'),
    },
  },
  {
    key: 'digital-1',
    kind: 'digital',
    name: 'Digitaldruck SRA3 Toner (Demo)',
    figures: {
      power_kw: figure(7.5, 'average power in production of an SRA3 toner press'),
      speed_sheets_per_hour: figure(4000, 'A4-equivalent sheets per hour'),
      makeready_minutes: figure(2, 'job start'),
      makeready_sheets: figure(5, 'calibration sheets per job'),
    },
  },
  {
    key: 'folder-1',
    kind: 'finishing',
    name: 'Falzmaschine B2 (Demo)',
    figures: {
      power_kw: figure(6, 'connected load of a B2 buckle folder'),
      speed_sheets_per_hour: figure(15000, 'production speed'),
      makeready_minutes: figure(15, 'set-up per job'),
      makeready_sheets: figure(50, 'set-up waste per job'),
    },
  },
];

export async function seedDemoMachines(db: Kysely<DatabaseSchema>, mandantIds: readonly number[]): Promise<void> {
  const now = isoNow();
  for (const mandantId of mandantIds) {
    const set = await db
      .insertInto('machine_sets')
      .values({
        mandant_id: mandantId,
        name: 'Demo-Maschinen',
        version_label: '2025',
        status: 'published',
        based_on_id: null,
        current: true,
        electricity_factor: 0.4,
        electricity_supplier: 'Demo-Netzstrom',
        electricity_source:
          'Demo value, not a contract: rounded order of magnitude of the German grid mix in recent years. Replace it with the CO2e figure of your own supplier (electricity label under § 42 EnWG).',
        electricity_year: 2024,
        electricity_region: 'DE',
        // Location-based beside it (issue 33, item 3): the German grid of the demo factor database 2025.
        electricity_location_factor: 0.427,
        electricity_location_source:
          'Umweltbundesamt (UBA), Climate Change 13/2025, German electricity mix 2024 (extrapolated): 427 g CO2e/kWh including upstream chains — the grid factor of "Demo-Faktoren 2025"',
        // No site footprint in the demo set: the demo calculations were computed without one, and a site record here
        // would change each of them on its first save (issue 34). A mandant records its own (issue 33, item 3).
        site_kg_co2e: null,
        site_allocation_key: null,
        site_annual_amount: null,
        site_source: '',
        site_year: null,
        published_at: now,
        created_at: now,
        updated_at: now,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    await db
      .insertInto('machines')
      .values(
        DEMO_MACHINES.map((machine) => ({
          mandant_id: mandantId,
          set_id: set.id,
          key: machine.key,
          kind: machine.kind,
          name: machine.name,
          figures: JSON.stringify(machine.figures),
          created_at: now,
          updated_at: now,
        })),
      )
      .execute();
  }
}
