/**
 * Demo emission-factor databases: "Demo-Faktoren 2024" and "Demo-Faktoren 2025". Pure data, used
 * by the seed. Every factor is marked as a demo value and names its source; where no exact
 * published figure is at hand the source says "demo value, order of magnitude from …".
 * Electricity, paper and travel differ between the two sets, so calculations migrated from 2024 to 2025
 * change. Electricity is CO2e including upstream chains (not the CO2-only "Emissionsfaktor"); fuels and
 * gas are German (UBA) figures.
 */
import type { LocalizedText } from '../../core/languages';
import type { FactorInput } from '../factors/factor-input';

/** A factor as the API takes it, with the year and region every demo figure names. */
export interface DemoFactor extends FactorInput {
  /** The year the figure refers to. */
  year: number;
  region: string;
  demo: true;
}

export interface DemoFactorDatabase {
  name: string;
  version: string;
  status: 'published';
  /** ISO date from which the database is meant to be used. */
  valid_from: string;
  source: string;
  demo: true;
  factors: DemoFactor[];
}

/**
 * Every source names its publication (title, series, year) so a reader can look the figure up; where a figure is
 * derived (per litre, per kWh of gross calorific value) the source shows the arithmetic.
 */
const UBA_ELECTRICITY = (years: string, series: string) =>
  `Umweltbundesamt (UBA), "Entwicklung der spezifischen Treibhausgas-Emissionen des deutschen Strommix in den Jahren 1990 – ${years}", Climate Change ${series}: greenhouse gas emissions per kWh of electricity consumed, CO2 equivalents including upstream chains`;
const UBA_FUELS =
  'Umweltbundesamt (UBA), "CO2-Emissionsfaktoren für fossile Brennstoffe – Aktualisierung 2022", Climate Change 28/2022';
const TREMOD = 'Umweltbundesamt (UBA), TREMOD; emission factors of freight transport (Emissionsdaten Güterverkehr)';
const PAPER =
  'demo value, order of magnitude from UK DESNZ conversion factors, "Material use: paper and board" (primary vs. closed-loop production)';
const TRAVEL = 'demo value, order of magnitude from Umweltbundesamt (UBA), TREMOD, Emissionsdaten Personenverkehr';
const DIESEL = `${UBA_FUELS}: diesel fuel 74.0 t CO2/TJ × 35.9 MJ/l (net calorific value) = 2.65 kg/l; mineral diesel without biofuel share, combustion only (CH4 and N2O add < 1 %)`;
const PETROL = `${UBA_FUELS}: petrol 73.1 t CO2/TJ × 32.4 MJ/l (net calorific value) = 2.37 kg/l; mineral petrol without biofuel share, combustion only (CH4 and N2O add < 1 %)`;
const GAS = `${UBA_FUELS}: natural gas 55.9 t CO2/TJ = 0.201 kg/kWh of net calorific value ÷ 1.11 (gross to net) = 0.181 kg/kWh of gross calorific value; combustion only`;

type Common = Omit<DemoFactor, 'value' | 'source' | 'year'>;

const text = (de: string, en: string, fr: string, it: string, es: string): LocalizedText => ({ de, en, fr, it, es });

const F = {
  electricity: {
    key: 'electricity_de_grid',
    category: 'electricity',
    unit: 'kWh',
    label: text(
      'Strom, deutscher Strommix',
      'Electricity, German grid mix',
      'Électricité, mix réseau allemand',
      'Elettricità, mix di rete tedesco',
      'Electricidad, mix de red alemán',
    ),
    region: 'DE',
    demo: true,
  },
  electricityGreen: {
    key: 'electricity_renewable',
    category: 'electricity',
    unit: 'kWh',
    label: text(
      'Ökostrom (Herkunftsnachweis)',
      'Renewable electricity (guarantee of origin)',
      "Électricité verte (garantie d'origine)",
      "Elettricità rinnovabile (garanzia d'origine)",
      'Electricidad renovable (garantía de origen)',
    ),
    region: 'DE',
    demo: true,
  },
  gas: {
    key: 'natural_gas',
    category: 'heating',
    unit: 'kWh',
    label: text(
      'Erdgas (Brennwert)',
      'Natural gas (gross CV)',
      'Gaz naturel (PCS)',
      'Gas naturale (PCS)',
      'Gas natural (PCS)',
    ),
    region: 'DE',
    demo: true,
  },
  diesel: {
    key: 'diesel',
    category: 'fuel',
    unit: 'l',
    label: text('Diesel', 'Diesel', 'Gazole', 'Gasolio', 'Gasóleo'),
    region: 'DE',
    demo: true,
  },
  petrol: {
    key: 'petrol',
    category: 'fuel',
    unit: 'l',
    label: text('Benzin', 'Petrol', 'Essence', 'Benzina', 'Gasolina'),
    region: 'DE',
    demo: true,
  },
  truck: {
    key: 'road_freight_truck',
    category: 'transport',
    unit: 't·km',
    label: text(
      'Straßengüterverkehr (Lkw)',
      'Road freight (truck)',
      'Fret routier (camion)',
      'Trasporto merci su strada (camion)',
      'Transporte de mercancías por carretera (camión)',
    ),
    region: 'DE',
    demo: true,
  },
  rail: {
    key: 'rail_freight',
    category: 'transport',
    unit: 't·km',
    label: text(
      'Schienengüterverkehr',
      'Rail freight',
      'Fret ferroviaire',
      'Trasporto merci su rotaia',
      'Transporte de mercancías por ferrocarril',
    ),
    region: 'DE',
    demo: true,
  },
  paperVirgin: {
    key: 'paper_virgin',
    category: 'paper',
    unit: 'kg',
    label: text(
      'Papier, Frischfaser',
      'Paper, virgin fibre',
      'Papier, fibres vierges',
      'Carta, fibra vergine',
      'Papel, fibra virgen',
    ),
    region: 'EU',
    demo: true,
  },
  paperRecycled: {
    key: 'paper_recycled',
    category: 'paper',
    unit: 'kg',
    label: text(
      'Papier, Recyclingfaser',
      'Paper, recycled fibre',
      'Papier, fibres recyclées',
      'Carta, fibra riciclata',
      'Papel, fibra reciclada',
    ),
    region: 'EU',
    demo: true,
  },
  boardVirgin: {
    key: 'board_virgin',
    category: 'paper',
    unit: 'kg',
    label: text(
      'Karton, Frischfaser',
      'Board, virgin fibre',
      'Carton, fibres vierges',
      'Cartoncino, fibra vergine',
      'Cartón, fibra virgen',
    ),
    region: 'EU',
    demo: true,
  },
  boardRecycled: {
    key: 'board_recycled',
    category: 'paper',
    unit: 'kg',
    label: text(
      'Karton, Recyclingfaser',
      'Board, recycled fibre',
      'Carton, fibres recyclées',
      'Cartoncino, fibra riciclata',
      'Cartón, fibra reciclada',
    ),
    region: 'EU',
    demo: true,
  },
  flight: {
    key: 'travel_flight_domestic',
    category: 'travel',
    unit: 'pkm',
    label: text('Flug, Inland', 'Flight, domestic', 'Vol intérieur', 'Volo nazionale', 'Vuelo nacional'),
    region: 'DE',
    demo: true,
  },
  train: {
    key: 'travel_train',
    category: 'travel',
    unit: 'pkm',
    label: text(
      'Bahn, Fernverkehr',
      'Train, long distance',
      'Train, grandes lignes',
      'Treno, lunga percorrenza',
      'Tren, larga distancia',
    ),
    region: 'DE',
    demo: true,
  },
  car: {
    key: 'travel_car',
    category: 'travel',
    unit: 'pkm',
    label: text('Pkw', 'Car', 'Voiture', 'Automobile', 'Coche'),
    region: 'DE',
    demo: true,
  },
} satisfies Record<string, Common>;

const factor = (common: Common, value: number, year: number, source: string): DemoFactor => ({
  ...common,
  value,
  year,
  source,
});

export const DEMO_FACTORS_2024: DemoFactorDatabase = {
  name: 'Demo-Faktoren 2024',
  version: '2024',
  status: 'published',
  valid_from: '2024-01-01',
  source:
    'Demo data for trying Kontor out, not for reporting: each factor names its publication (title, series, year).',
  demo: true,
  factors: [
    factor(
      F.electricity,
      0.445,
      2023,
      `${UBA_ELECTRICITY('2023', '23/2024')}, 2024; 2023 (extrapolated): 445 g CO2e/kWh`,
    ),
    factor(
      F.electricityGreen,
      0.03,
      2023,
      'demo value, order of magnitude of life-cycle emissions of wind and solar power (UBA, Emissionsbilanz erneuerbarer Energieträger)',
    ),
    factor(F.gas, 0.181, 2022, GAS),
    factor(F.diesel, 2.65, 2022, DIESEL),
    factor(F.petrol, 2.37, 2022, PETROL),
    factor(F.truck, 0.112, 2022, `${TREMOD}: truck 112 g CO2e/t·km`),
    factor(F.rail, 0.018, 2022, `${TREMOD}: rail 18 g CO2e/t·km`),
    factor(F.paperVirgin, 0.92, 2022, PAPER),
    factor(F.paperRecycled, 0.74, 2022, PAPER),
    factor(F.boardVirgin, 0.82, 2022, PAPER),
    factor(F.boardRecycled, 0.7, 2022, PAPER),
    factor(F.flight, 0.25, 2022, TRAVEL),
    factor(F.train, 0.046, 2022, TRAVEL),
    factor(F.car, 0.17, 2022, TRAVEL),
  ],
};

export const DEMO_FACTORS_2025: DemoFactorDatabase = {
  name: 'Demo-Faktoren 2025',
  version: '2025',
  status: 'published',
  valid_from: '2025-01-01',
  source:
    'Demo data for trying Kontor out, not for reporting: each factor names its publication (title, series, year).',
  demo: true,
  factors: [
    factor(
      F.electricity,
      0.427,
      2024,
      `${UBA_ELECTRICITY('2024', '13/2025')}, 2025; 2024 (extrapolated): 427 g CO2e/kWh`,
    ),
    factor(
      F.electricityGreen,
      0.03,
      2024,
      'demo value, order of magnitude of life-cycle emissions of wind and solar power (UBA, Emissionsbilanz erneuerbarer Energieträger)',
    ),
    factor(F.gas, 0.181, 2023, GAS),
    factor(F.diesel, 2.65, 2023, DIESEL),
    factor(F.petrol, 2.37, 2023, PETROL),
    factor(F.truck, 0.112, 2023, `${TREMOD}: truck 112 g CO2e/t·km`),
    factor(F.rail, 0.018, 2023, `${TREMOD}: rail 18 g CO2e/t·km`),
    factor(F.paperVirgin, 0.9, 2023, PAPER),
    factor(F.paperRecycled, 0.71, 2023, PAPER),
    factor(F.boardVirgin, 0.8, 2023, PAPER),
    factor(F.boardRecycled, 0.68, 2023, PAPER),
    factor(F.flight, 0.246, 2023, TRAVEL),
    factor(F.train, 0.044, 2023, TRAVEL),
    factor(F.car, 0.166, 2023, TRAVEL),
  ],
};

export const DEMO_FACTOR_DATABASES: readonly DemoFactorDatabase[] = [DEMO_FACTORS_2024, DEMO_FACTORS_2025];
