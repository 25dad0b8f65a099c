/**
 * Demo projects for the catalogue. Honest placeholders: the descriptions say they are demo data
 * and the registry ids are marked as examples — none of them names a real registry entry.
 */
import type { Kysely } from 'kysely';
import type { OffsetProjectType } from '../../core/api';
import { sameText, type LocalizedText } from '../../core/languages';
import type { DatabaseSchema } from '../db/schema';
import { isoNow } from '../db/values';

const PLACEHOLDER: LocalizedText = {
  de: 'Demo-Projekt — Platzhalterbeschreibung. Keine echten Projektdaten.',
  en: 'Demo project — placeholder description. Not real project data.',
  fr: 'Projet de démonstration — description provisoire. Pas de données de projet réelles.',
  it: 'Progetto dimostrativo — descrizione segnaposto. Nessun dato di progetto reale.',
  es: 'Proyecto de demostración — descripción provisional. No son datos reales de un proyecto.',
};

interface DemoProject {
  name: LocalizedText;
  country: string;
  project_type: OffsetProjectType;
  standard: string;
  vintage: number;
  price_per_tonne_minor: number;
  tonnes: number;
  sdgs: number[];
}

export const DEMO_OFFSET_PROJECTS: readonly DemoProject[] = [
  {
    name: {
      de: 'Demo: Effiziente Kochöfen',
      en: 'Demo: Efficient cookstoves',
      fr: 'Démo : foyers de cuisson efficaces',
      it: 'Demo: fornelli efficienti',
      es: 'Demo: cocinas eficientes',
    },
    country: 'KE',
    project_type: 'cookstoves',
    standard: 'Gold Standard',
    vintage: 2024,
    price_per_tonne_minor: 2450,
    tonnes: 5000,
    sdgs: [3, 5, 7, 13],
  },
  {
    name: {
      de: 'Demo: Windpark',
      en: 'Demo: Wind farm',
      fr: 'Démo : parc éolien',
      it: 'Demo: parco eolico',
      es: 'Demo: parque eólico',
    },
    country: 'IN',
    project_type: 'wind',
    standard: 'VCS',
    vintage: 2023,
    price_per_tonne_minor: 1200,
    tonnes: 20000,
    sdgs: [7, 8, 13],
  },
  {
    name: {
      de: 'Demo: Kleinwasserkraft',
      en: 'Demo: Small hydro',
      fr: 'Démo : petite hydroélectricité',
      it: 'Demo: mini idroelettrico',
      es: 'Demo: minihidráulica',
    },
    country: 'VN',
    project_type: 'hydro',
    standard: 'Gold Standard',
    vintage: 2023,
    price_per_tonne_minor: 1800,
    tonnes: 8000,
    sdgs: [6, 7, 13],
  },
  {
    name: {
      de: 'Demo: Waldschutz',
      en: 'Demo: Forest protection',
      fr: 'Démo : protection des forêts',
      it: 'Demo: tutela delle foreste',
      es: 'Demo: protección forestal',
    },
    country: 'PE',
    project_type: 'forest',
    standard: 'VCS',
    vintage: 2022,
    price_per_tonne_minor: 3100,
    tonnes: 3000,
    sdgs: [13, 15],
  },
  {
    name: sameText('Demo: Biogas'),
    country: 'NP',
    project_type: 'biogas',
    standard: 'Gold Standard',
    vintage: 2024,
    price_per_tonne_minor: 2750,
    tonnes: 1500,
    sdgs: [3, 7, 13],
  },
];

/** Inserts the demo projects (call inside the seed's transaction). */
export async function seedDemoOffsetProjects(db: Kysely<DatabaseSchema>): Promise<void> {
  const now = isoNow();
  await db
    .insertInto('offset_projects')
    .values(
      DEMO_OFFSET_PROJECTS.map((project, index) => ({
        name: JSON.stringify(project.name),
        description: JSON.stringify(PLACEHOLDER),
        country: project.country,
        project_type: project.project_type,
        standard: project.standard,
        registry_id: `EXAMPLE-${String(index + 1).padStart(4, '0')} (not a real registry id)`,
        registry_url: null,
        vintage: project.vintage,
        price_per_tonne_minor: project.price_per_tonne_minor,
        currency: 'EUR',
        tonnes_available_kg: project.tonnes * 1000,
        sdgs: JSON.stringify(project.sdgs),
        image_url: null,
        active: true,
        created_at: now,
        updated_at: now,
      })),
    )
    .execute();
}
