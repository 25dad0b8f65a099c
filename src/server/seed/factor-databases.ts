/**
 * Demo emission-factor databases: "Demo-Faktoren 2024" and "Demo-Faktoren 2025". Pure data, used
 * by the seed. Every factor is marked as a demo value and names its source; where no exact
 * published figure is at hand the source says that it is an estimate and how it was made.
 * Electricity, paper and travel differ between the two sets, so calculations migrated from 2024 to 2025
 * change. Electricity is CO2e including upstream chains (not the CO2-only "Emissionsfaktor"); fuels and
 * gas are German (UBA) combustion figures with their upstream (well-to-tank) chain as a factor of its own, so
 * a formula that adds both reaches well-to-wheel and a report shows the upstream as its own line (issue 33, item 4).
 * docs/demo-factors.md lists every factor with the table that holds its number and how far it was checked.
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
  /** The GWP set its figures use, as reports state it. */
  gwp_set: string;
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
const PAPER = (version: '2024' | '2025') =>
  version === '2024'
    ? 'UK DESNZ/DEFRA, "Greenhouse gas reporting: conversion factors", sheet "Material use", rows "Paper and board: paper" and "Paper and board: board", columns primary material production (virgin) and closed-loop source (recycled), kg CO2e per tonne ÷ 1,000; UK figures, used as a European order of magnitude'
    : 'Schätzung (estimate): the 2024 figure (UK DESNZ/DEFRA conversion factors, sheet "Material use", paper and board) lowered by ≈ 2–4 % to stand for a newer year; no publication holds this number';
const TRAVEL =
  'Schätzung (estimate): demo value in the order of magnitude of Umweltbundesamt (UBA), TREMOD, "Emissionsdaten Personenverkehr" (table of average emissions per passenger-km); the 2025 figures are the 2024 ones lowered by ≈ 2–4 %, assumed, not taken from a table';
const DIESEL = `${UBA_FUELS}: diesel fuel 74.0 t CO2/TJ × 35.9 MJ/l (net calorific value) = 2.657 kg/l; mineral diesel without biofuel share, combustion only (CH4 and N2O add < 1 %); the upstream chain (well-to-tank) is a factor of its own`;
const PETROL = `${UBA_FUELS}: petrol 73.1 t CO2/TJ × 32.4 MJ/l (net calorific value) = 2.37 kg/l; mineral petrol without biofuel share, combustion only (CH4 and N2O add < 1 %); the upstream chain (well-to-tank) is a factor of its own`;
const GAS = `${UBA_FUELS}: natural gas 55.9 t CO2/TJ = 0.201 kg/kWh of net calorific value ÷ 1.11 (gross to net) = 0.181 kg/kWh of gross calorific value; combustion only; the upstream chain (well-to-tank) is a factor of its own`;
/** Well-to-tank and delivery figures: the UK government's set, the one public table that has them per litre and per t·km. */
const DESNZ_2025 =
  'UK Department for Energy Security and Net Zero (DESNZ) / DEFRA, "Greenhouse gas reporting: conversion factors 2025", full set';

/*
 * Print-process figures (ISO 16759 stages prepress, press, postpress, packaging) for the shipped print templates,
 * version 2. No German public database publishes these per unit, so each is a demo value whose source shows the
 * order-of-magnitude arithmetic and the publication it leans on; a printer replaces them with its own data.
 */
const PLATE =
  'Schätzung (estimate) from one published figure: a B1 offset plate of 0.3 mm aluminium (≈ 0.8 m² × 0.81 kg/m² ≈ 0.65 kg) × ≈ 6.7 kg CO2e/kg aluminium sheet (European Aluminium, Environmental Profile Report 2018, sheet with recycled content; the per-kg figure not checked against the report’s table), processing and chemistry not included';
const INK =
  'Schätzung (estimate), no publication holds this number: ≈ 0.4 g ink per m² and process colour at average coverage (assumed ink mileage of sheetfed offset) × ≈ 3.5 kg CO2e/kg sheetfed offset ink (assumed order of magnitude of mineral-oil and vegetable-oil based inks, rounded)';
const PRESS_ENERGY = (grid: string) =>
  `Schätzung (estimate): B1 sheetfed offset press ≈ 100 kW at ≈ 10,000 sheets/h including a make-ready share ≈ 0.012 kWh per press sheet × ${grid} (German grid, UBA); the reference a mandant without own machine data falls back to`;
const FINISHING_ENERGY = (grid: string) =>
  `Schätzung (estimate): cutting, folding, stitching or die-cutting ≈ 0.0025 kWh per press sheet (order of magnitude of guillotine and folder power at typical speeds) × ${grid} (German grid, UBA)`;
const CONSUMABLES =
  'Schätzung (estimate), no publication holds this number: washing solution, blankets, fountain solution additives of sheetfed offset, assumed ≈ 3–5 % of press-stage emissions and spread per press sheet';
const VARNISH =
  'Schätzung (estimate), no publication holds this number: ≈ 4 g/m² water-based dispersion varnish (wet, assumed) × ≈ 2.5 kg CO2e/kg acrylic dispersion (assumed order of magnitude)';
const FILM =
  'Schätzung (estimate): BOPP lamination film 15 µm ≈ 14 g/m² × ≈ 2.5 kg CO2e/kg polypropylene film (PlasticsEurope eco-profile, polypropylene, order of magnitude) plus ≈ 3 g/m² adhesive';
const GLUE_BINDING =
  'Schätzung (estimate), no publication holds this number: ≈ 5 g hotmelt/PUR adhesive per perfect-bound copy (assumed) × ≈ 3.5 kg CO2e/kg (assumed order of magnitude of adhesives)';
const GLUE_CASE =
  'Schätzung (estimate), no publication holds this number: ≈ 4 g animal or dispersion glue per case-bound cover (assumed) × ≈ 3.5 kg CO2e/kg (assumed order of magnitude)';
const GLUE_BOX =
  'Schätzung (estimate), no publication holds this number: ≈ 0.4 g dispersion glue per folding-box side seam (assumed) × ≈ 3.5 kg CO2e/kg (assumed order of magnitude)';
const WIRE =
  'Schätzung (estimate): two staples of galvanised steel wire ≈ 0.3 g per copy × ≈ 2.3 kg CO2e/kg (worldsteel, steel wire rod, order of magnitude)';
const CARTONS =
  'Schätzung (estimate), no publication holds this number: ≈ 60 g corrugated board per kg of print packed (assumed) × ≈ 0.8 kg CO2e/kg, between the recycled and virgin board factors of this database (FEFCO publishes no CO2e figure per carton)';

/** What a factor is, the same in both databases; every one of them is a demo value. */
type Common = Omit<DemoFactor, 'value' | 'source' | 'year' | 'demo'>;

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
  },
  diesel: {
    key: 'diesel',
    category: 'fuel',
    unit: 'l',
    label: text('Diesel', 'Diesel', 'Gazole', 'Gasolio', 'Gasóleo'),
    region: 'DE',
  },
  petrol: {
    key: 'petrol',
    category: 'fuel',
    unit: 'l',
    label: text('Benzin', 'Petrol', 'Essence', 'Benzina', 'Gasolina'),
    region: 'DE',
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
  },
  flight: {
    key: 'travel_flight_domestic',
    category: 'travel',
    unit: 'pkm',
    label: text('Flug, Inland', 'Flight, domestic', 'Vol intérieur', 'Volo nazionale', 'Vuelo nacional'),
    region: 'DE',
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
  },
  car: {
    key: 'travel_car',
    category: 'travel',
    unit: 'pkm',
    label: text('Pkw', 'Car', 'Voiture', 'Automobile', 'Coche'),
    region: 'DE',
  },
  plate: {
    key: 'offset_plate',
    category: 'plates',
    unit: 'pcs',
    label: text(
      'Offsetdruckplatte (Aluminium)',
      'Offset printing plate (aluminium)',
      'Plaque offset (aluminium)',
      'Lastra offset (alluminio)',
      'Plancha offset (aluminio)',
    ),
    region: 'EU',
  },
  ink: {
    key: 'ink_offset',
    category: 'ink',
    unit: 'm²',
    label: text(
      'Offsetfarbe je m² und Druckfarbe',
      'Offset ink per m² and colour',
      'Encre offset par m² et couleur',
      'Inchiostro offset per m² e colore',
      'Tinta offset por m² y color',
    ),
    region: 'EU',
  },
  pressEnergy: {
    key: 'press_energy_reference',
    category: 'press_energy',
    unit: 'sheets',
    label: text(
      'Druckenergie je Bogen (Referenz ohne Maschinendaten)',
      'Press energy per sheet (reference without machine data)',
      "Énergie d'impression par feuille (référence sans données machine)",
      'Energia di stampa per foglio (riferimento senza dati macchina)',
      'Energía de impresión por pliego (referencia sin datos de máquina)',
    ),
    region: 'DE',
  },
  finishingEnergy: {
    key: 'finishing_energy_reference',
    category: 'press_energy',
    unit: 'sheets',
    label: text(
      'Energie Weiterverarbeitung je Bogen (Referenz)',
      'Finishing energy per sheet (reference)',
      'Énergie de façonnage par feuille (référence)',
      'Energia di allestimento per foglio (riferimento)',
      'Energía de acabado por pliego (referencia)',
    ),
    region: 'DE',
  },
  consumables: {
    key: 'press_consumables',
    category: 'consumables',
    unit: 'sheets',
    label: text(
      'Hilfsstoffe Druck je Bogen',
      'Press consumables per sheet',
      "Consommables d'impression par feuille",
      'Materiali di consumo di stampa per foglio',
      'Consumibles de impresión por pliego',
    ),
    region: 'EU',
  },
  varnish: {
    key: 'varnish_dispersion',
    category: 'varnish',
    unit: 'm²',
    label: text(
      'Dispersionslack',
      'Dispersion varnish',
      'Vernis acrylique',
      'Vernice a dispersione',
      'Barniz de dispersión',
    ),
    region: 'EU',
  },
  film: {
    key: 'lamination_film',
    category: 'film',
    unit: 'm²',
    label: text(
      'Kaschierfolie (BOPP)',
      'Lamination film (BOPP)',
      'Film de pelliculage (BOPP)',
      'Film di plastificazione (BOPP)',
      'Película de laminado (BOPP)',
    ),
    region: 'EU',
  },
  glueBinding: {
    key: 'glue_binding',
    category: 'glue',
    unit: 'pcs',
    label: text(
      'Klebstoff Klebebindung je Exemplar',
      'Binding adhesive per copy',
      'Colle de reliure par exemplaire',
      'Colla di legatura per copia',
      'Adhesivo de encuadernación por ejemplar',
    ),
    region: 'EU',
  },
  glueCase: {
    key: 'glue_case_making',
    category: 'glue',
    unit: 'pcs',
    label: text(
      'Klebstoff Buchdecke je Exemplar',
      'Case-making glue per copy',
      'Colle de couverture cartonnée par exemplaire',
      'Colla per copertina rigida per copia',
      'Cola de tapa dura por ejemplar',
    ),
    region: 'EU',
  },
  glueBox: {
    key: 'glue_folding_box',
    category: 'glue',
    unit: 'pcs',
    label: text(
      'Klebstoff Faltschachtel je Stück',
      'Folding-box glue per box',
      'Colle de boîte pliante par pièce',
      'Colla per astuccio per pezzo',
      'Cola de caja plegable por unidad',
    ),
    region: 'EU',
  },
  wire: {
    key: 'wire_stitching',
    category: 'wire',
    unit: 'pcs',
    label: text(
      'Heftdraht je Exemplar (2 Klammern)',
      'Stitching wire per copy (2 staples)',
      'Fil de piqûre par exemplaire (2 agrafes)',
      'Filo per cucitura per copia (2 punti)',
      'Alambre de grapado por ejemplar (2 grapas)',
    ),
    region: 'EU',
  },
  cartons: {
    key: 'packaging_cartons',
    category: 'packaging',
    unit: 'kg',
    label: text(
      'Verpackung in Kartons je kg Druckprodukt',
      'Packing in cartons per kg of print',
      'Emballage en cartons par kg d’imprimé',
      'Imballaggio in cartoni per kg di stampato',
      'Embalaje en cajas por kg de impreso',
    ),
    region: 'EU',
  },
} satisfies Record<string, Common>;

/*
 * Issue 33, item 4: the upstream (well-to-tank) chains of fuels and gas as factors of their own, and the delivery
 * modes a print job goes out by besides the truck. One contiguous block; the paper grades are another.
 */
const U = {
  dieselUpstream: {
    key: 'diesel_upstream',
    category: 'fuel',
    unit: 'l',
    label: text(
      'Diesel, Vorkette (Well-to-Tank)',
      'Diesel, upstream (well-to-tank)',
      'Gazole, amont (du puits au réservoir)',
      'Gasolio, a monte (well-to-tank)',
      'Gasóleo, aguas arriba (del pozo al tanque)',
    ),
    region: 'GB',
  },
  petrolUpstream: {
    key: 'petrol_upstream',
    category: 'fuel',
    unit: 'l',
    label: text(
      'Benzin, Vorkette (Well-to-Tank)',
      'Petrol, upstream (well-to-tank)',
      'Essence, amont (du puits au réservoir)',
      'Benzina, a monte (well-to-tank)',
      'Gasolina, aguas arriba (del pozo al tanque)',
    ),
    region: 'GB',
  },
  gasUpstream: {
    key: 'natural_gas_upstream',
    category: 'heating',
    unit: 'kWh',
    label: text(
      'Erdgas, Vorkette (Brennwert)',
      'Natural gas, upstream (gross CV)',
      'Gaz naturel, amont (PCS)',
      'Gas naturale, a monte (PCS)',
      'Gas natural, aguas arriba (PCS)',
    ),
    region: 'GB',
  },
  van: {
    key: 'road_freight_van',
    category: 'transport',
    unit: 't·km',
    label: text(
      'Transporter (bis 3,5 t)',
      'Van (up to 3.5 t)',
      'Véhicule utilitaire léger (jusqu’à 3,5 t)',
      'Furgone (fino a 3,5 t)',
      'Furgoneta (hasta 3,5 t)',
    ),
    region: 'GB',
  },
  parcel: {
    key: 'parcel_delivery',
    category: 'transport',
    unit: 't·km',
    label: text('Paketdienst', 'Parcel service', 'Service de colis', 'Servizio pacchi', 'Servicio de paquetería'),
    region: 'DE',
  },
  courier: {
    key: 'courier_car',
    category: 'transport',
    unit: 't·km',
    label: text(
      'Kurierfahrt (Pkw)',
      'Courier (car)',
      'Coursier (voiture)',
      'Corriere (automobile)',
      'Mensajería (coche)',
    ),
    region: 'DE',
  },
} satisfies Record<string, Common>;

const UPSTREAM_AND_DELIVERY: readonly GeneralFactor[] = [
  {
    factor: U.dieselUpstream,
    value: 0.627,
    source: `${DESNZ_2025}, sheet "WTT- fuels", Diesel (average biofuel blend), litres: 0.62665 kg CO2e/l (extraction, refining and transport of the fuel), rounded and used for mineral diesel; checked against a secondary quotation of the sheet, not the sheet itself. Combustion (diesel) 2.657 + upstream 0.627 = 3.284 kg CO2e/l well-to-wheel`,
  },
  {
    factor: U.petrolUpstream,
    value: 0.61,
    source: `Schätzung (estimate): order of magnitude of ${DESNZ_2025}, sheet "WTT- fuels", Petrol (average biofuel blend), litres (≈ 0.6 kg CO2e/l), rounded; not checked against the sheet`,
  },
  {
    factor: U.gasUpstream,
    value: 0.031,
    source: `Schätzung (estimate): order of magnitude of ${DESNZ_2025}, sheet "WTT- fuels", Natural gas, kWh (gross CV) (≈ 0.03 kg CO2e/kWh), rounded; UK supply, the upstream of German pipeline gas may differ by half; not checked against the sheet`,
  },
  {
    factor: U.van,
    value: 0.6,
    source: `Schätzung (estimate): order of magnitude of ${DESNZ_2025}, sheet "Freighting goods", Vans, Average (up to 3.5 tonnes), tonne.km (≈ 0.6 kg CO2e/t·km, 5–6 × the heavy truck of this database); not checked against the sheet`,
  },
  {
    factor: U.parcel,
    value: 0.26,
    source:
      'Schätzung (estimate), no publication holds this number: a parcel network as ≈ 70 % of its t·km by truck (0.112 kg CO2e/t·km, this database) and ≈ 30 % on the last mile by van (≈ 0.6, this database), 0.7 × 0.112 + 0.3 × 0.6 ≈ 0.26 kg CO2e/t·km; the shares are assumed',
  },
  {
    factor: U.courier,
    value: 1.7,
    source:
      'Schätzung (estimate), no publication holds this number: a courier car at ≈ 0.17 kg CO2e per vehicle-km (the car figure of this database, one occupant) carrying ≈ 0.1 t on average, 0.17 ÷ 0.1 = 1.7 kg CO2e/t·km; the load is assumed',
  },
];

/** The print-process factors of one database; the energy references follow that year's grid factor. */
const printFactors = (year: number, grid: number): DemoFactor[] => [
  factor(F.plate, 4.4, year, PLATE),
  factor(F.ink, 0.0014, year, INK),
  factor(F.pressEnergy, Number((0.012 * grid).toFixed(4)), year, PRESS_ENERGY(`${grid} kg CO2e/kWh`)),
  factor(F.finishingEnergy, Number((0.0025 * grid).toFixed(5)), year, FINISHING_ENERGY(`${grid} kg CO2e/kWh`)),
  factor(F.consumables, 0.0003, year, CONSUMABLES),
  factor(F.varnish, 0.01, year, VARNISH),
  factor(F.film, 0.045, year, FILM),
  factor(F.glueBinding, 0.018, year, GLUE_BINDING),
  factor(F.glueCase, 0.014, year, GLUE_CASE),
  factor(F.glueBox, 0.0014, year, GLUE_BOX),
  factor(F.wire, 0.0007, year, WIRE),
  factor(F.cartons, 0.048, year, CARTONS),
];

/*
 * Print model version 3 (issue 33): paper grades as a printer buys them, plates per m² of the press format, ink by
 * area coverage, digital and large-format printing. No public database publishes these per unit either; each source
 * says plainly that it is an estimate and how it was made, so a printer knows what to replace with its own data.
 */
const PAPER_GRADE = (grade: string, arithmetic: string) =>
  `Schätzung (estimate), not a published figure: ${grade}, cradle to mill gate, ${arithmetic}; a mill's own declaration (Paper Profile, EPD) replaces it`;
const PRINT_V3 = {
  paperCoated: {
    key: 'paper_coated',
    category: 'paper',
    unit: 'kg',
    label: text(
      'Papier, gestrichen holzfrei (Bogenoffset)',
      'Paper, coated woodfree (sheet-fed)',
      'Papier couché sans bois (offset feuilles)',
      'Carta patinata senza legno (offset a foglio)',
      'Papel estucado sin madera (offset de pliegos)',
    ),
    region: 'EU',
  },
  paperUncoated: {
    key: 'paper_uncoated',
    category: 'paper',
    unit: 'kg',
    label: text(
      'Papier, ungestrichen holzfrei (Offset)',
      'Paper, uncoated woodfree (offset)',
      'Papier non couché sans bois (offset)',
      'Carta non patinata senza legno (offset)',
      'Papel no estucado sin madera (offset)',
    ),
    region: 'EU',
  },
  newsprint: {
    key: 'paper_newsprint',
    category: 'paper',
    unit: 'kg',
    label: text('Zeitungsdruckpapier', 'Newsprint', 'Papier journal', 'Carta da giornale', 'Papel prensa'),
    region: 'EU',
  },
  boardFbb: {
    key: 'board_folding_boxboard',
    category: 'paper',
    unit: 'kg',
    label: text(
      'Faltschachtelkarton (GC, Frischfaser)',
      'Folding boxboard (GC, virgin fibre)',
      'Carton plat (GC, fibres vierges)',
      'Cartoncino per astucci (GC, fibra vergine)',
      'Cartulina para estuches (GC, fibra virgen)',
    ),
    region: 'EU',
  },
  plateM2: {
    key: 'offset_plate_m2',
    category: 'plates',
    unit: 'm²',
    label: text(
      'Offsetdruckplatte je m² (Aluminium)',
      'Offset plate per m² (aluminium)',
      'Plaque offset par m² (aluminium)',
      'Lastra offset per m² (alluminio)',
      'Plancha offset por m² (aluminio)',
    ),
    region: 'EU',
  },
  inkSolid: {
    key: 'ink_offset_solid',
    category: 'ink',
    unit: 'm²',
    label: text(
      'Offsetfarbe je m² und Farbe bei 100 % Deckung',
      'Offset ink per m² and colour at 100 % coverage',
      'Encre offset par m² et couleur à 100 % de couverture',
      'Inchiostro offset per m² e colore al 100 % di copertura',
      'Tinta offset por m² y color al 100 % de cobertura',
    ),
    region: 'EU',
  },
  tonerSolid: {
    key: 'toner_digital_solid',
    category: 'ink',
    unit: 'm²',
    label: text(
      'Toner/Digitaltinte je m² und Farbe bei 100 % Deckung',
      'Toner or digital ink per m² and colour at 100 % coverage',
      'Toner ou encre numérique par m² et couleur à 100 % de couverture',
      'Toner o inchiostro digitale per m² e colore al 100 % di copertura',
      'Tóner o tinta digital por m² y color al 100 % de cobertura',
    ),
    region: 'EU',
  },
  inkLargeFormat: {
    key: 'ink_large_format_solid',
    category: 'ink',
    unit: 'm²',
    label: text(
      'Großformat-Inkjettinte je m² und Farbe bei 100 % Deckung',
      'Large-format inkjet ink per m² and colour at 100 % coverage',
      'Encre jet d’encre grand format par m² et couleur à 100 % de couverture',
      'Inchiostro inkjet grande formato per m² e colore al 100 % di copertura',
      'Tinta inkjet de gran formato por m² y color al 100 % de cobertura',
    ),
    region: 'EU',
  },
  digitalEnergy: {
    key: 'digital_print_energy',
    category: 'press_energy',
    unit: 'm²',
    label: text(
      'Energie Digitaldruck je m² Bogenseite',
      'Digital press energy per m² of sheet side',
      'Énergie impression numérique par m² de face',
      'Energia stampa digitale per m² di facciata',
      'Energía de impresión digital por m² de cara',
    ),
    region: 'DE',
  },
  largeFormatEnergy: {
    key: 'large_format_print_energy',
    category: 'press_energy',
    unit: 'm²',
    label: text(
      'Energie Großformatdruck je m²',
      'Large-format print energy per m²',
      'Énergie impression grand format par m²',
      'Energia stampa grande formato per m²',
      'Energía de impresión de gran formato por m²',
    ),
    region: 'DE',
  },
} satisfies Record<string, Common>;

/** The version-3 print factors of one database; the energy figures follow that year's grid factor. */
const printV3Factors = (year: number, grid: number): DemoFactor[] => [
  factor(
    PRINT_V3.paperCoated,
    1.2,
    year,
    PAPER_GRADE(
      'coated woodfree sheet-fed paper',
      'the middle of the 1.1–1.3 kg CO2e/kg band that life-cycle datasets for this grade give (as quoted in the review of issue 33), rounded',
    ),
  ),
  factor(
    PRINT_V3.paperUncoated,
    1.05,
    year,
    PAPER_GRADE('uncoated woodfree paper', 'the coated estimate less ≈ 10–15 % for the coating pigments and binders'),
  ),
  factor(
    PRINT_V3.newsprint,
    0.65,
    year,
    PAPER_GRADE(
      'newsprint',
      'mostly recovered fibre and mechanical pulp, assumed between the recycled paper factor and ≈ 0.6',
    ),
  ),
  factor(
    PRINT_V3.boardFbb,
    0.95,
    year,
    PAPER_GRADE(
      'folding boxboard (GC1/GC2)',
      'between uncoated paper and the virgin board factor of this database, rounded',
    ),
  ),
  factor(
    PRINT_V3.plateM2,
    5.4,
    year,
    'Schätzung (estimate): 0.3 mm aluminium ≈ 0.81 kg/m² × ≈ 6.7 kg CO2e/kg aluminium sheet with recycled content (European Aluminium, Environmental Profile Report 2018, order of magnitude); used plates are assumed to go to aluminium recycling with no credit given (cut-off); processing chemistry not included',
  ),
  factor(
    PRINT_V3.inkSolid,
    0.0035,
    year,
    'Schätzung (estimate): a solid sheet-fed offset ink film of ≈ 1 µm ≈ 1 g/m² per colour × ≈ 3.5 kg CO2e/kg ink (assumed order of magnitude of mineral- and vegetable-oil based inks); scaled by the area coverage in the template',
  ),
  factor(
    PRINT_V3.tonerSolid,
    0.012,
    year,
    'Schätzung (estimate): ≈ 4 g/m² dry toner or liquid-electrophotographic ink per colour at a solid × ≈ 3 kg CO2e/kg (assumed order of magnitude of polymer toners); scaled by the area coverage in the template',
  ),
  factor(
    PRINT_V3.inkLargeFormat,
    0.01,
    year,
    'Schätzung (estimate): ≈ 3 g/m² inkjet ink (solvent, UV or latex) per colour at a solid × ≈ 3.5 kg CO2e/kg (assumed); scaled by the area coverage in the template',
  ),
  factor(
    PRINT_V3.digitalEnergy,
    Number((0.08 * grid).toFixed(4)),
    year,
    `Schätzung (estimate): a production toner or inkjet press ≈ 0.005 kWh per A4 side incl. fuser and standby ≈ 0.08 kWh per m² of sheet side × ${grid} kg CO2e/kWh (German grid, UBA)`,
  ),
  factor(
    PRINT_V3.largeFormatEnergy,
    Number((0.15 * grid).toFixed(4)),
    year,
    `Schätzung (estimate): a wide-format inkjet printer with curing ≈ 5 kW at ≈ 35 m²/h ≈ 0.15 kWh per m² × ${grid} kg CO2e/kWh (German grid, UBA)`,
  ),
];

const factor = (common: Common, value: number, year: number, source: string): DemoFactor => ({
  ...common,
  demo: true,
  value,
  year,
  source,
});

/** What sets one yearly demo database apart from the other. */
interface Edition {
  version: '2024' | '2025';
  /** The German grid factor in kg CO2e/kWh, of `gridYear`, from the UBA report of that `gridSeries`. */
  grid: number;
  gridYear: number;
  gridSeries: string;
  /** The year of the fuel, transport, paper and travel figures. */
  figureYear: number;
}

const EDITIONS: readonly Edition[] = [
  { version: '2024', grid: 0.445, gridYear: 2023, gridSeries: '23/2024', figureYear: 2022 },
  { version: '2025', grid: 0.427, gridYear: 2024, gridSeries: '13/2025', figureYear: 2023 },
];

/** A factor beside the print process: its value in each edition; `grid` rows carry the grid year, the others the figure year. */
interface GeneralFactor {
  factor: Common;
  value: number | Record<Edition['version'], number> | ((edition: Edition) => number);
  source: string | ((edition: Edition) => string);
  grid?: true;
}

const GENERAL_FACTORS: readonly GeneralFactor[] = [
  {
    factor: F.electricity,
    value: (e) => e.grid,
    source: (e) =>
      `${UBA_ELECTRICITY(String(e.gridYear), e.gridSeries)}, ${e.version}; ${e.gridYear} (extrapolated): ${Math.round(e.grid * 1000)} g CO2e/kWh`,
    grid: true,
  },
  {
    factor: F.electricityGreen,
    value: 0.03,
    source:
      'Schätzung (estimate): 30 g CO2e/kWh, a rounded value between the life-cycle emissions of onshore wind (≈ 10–20 g) and photovoltaics (≈ 40–60 g) in the order of magnitude of Umweltbundesamt (UBA), "Emissionsbilanz erneuerbarer Energieträger"; not read from one table',
    grid: true,
  },
  { factor: F.gas, value: 0.181, source: GAS },
  { factor: F.diesel, value: 2.657, source: DIESEL },
  { factor: F.petrol, value: 2.37, source: PETROL },
  { factor: F.truck, value: 0.112, source: `${TREMOD}: truck 112 g CO2e/t·km` },
  { factor: F.rail, value: 0.018, source: `${TREMOD}: rail 18 g CO2e/t·km` },
  { factor: F.paperVirgin, value: { 2024: 0.92, 2025: 0.9 }, source: (e) => PAPER(e.version) },
  { factor: F.paperRecycled, value: { 2024: 0.74, 2025: 0.71 }, source: (e) => PAPER(e.version) },
  { factor: F.boardVirgin, value: { 2024: 0.82, 2025: 0.8 }, source: (e) => PAPER(e.version) },
  { factor: F.boardRecycled, value: { 2024: 0.7, 2025: 0.68 }, source: (e) => PAPER(e.version) },
  { factor: F.flight, value: { 2024: 0.25, 2025: 0.246 }, source: TRAVEL },
  { factor: F.train, value: { 2024: 0.046, 2025: 0.044 }, source: TRAVEL },
  { factor: F.car, value: { 2024: 0.17, 2025: 0.166 }, source: TRAVEL },
];

function valueIn({ value }: GeneralFactor, edition: Edition): number {
  if (typeof value === 'number') return value;
  return typeof value === 'function' ? value(edition) : value[edition.version];
}

const demoDatabase = (edition: Edition): DemoFactorDatabase => ({
  name: `Demo-Faktoren ${edition.version}`,
  version: edition.version,
  status: 'published',
  valid_from: `${edition.version}-01-01`,
  source:
    'Demo data for trying Kontor out, not for reporting: each factor names its publication (title, series, year) or says that it is an estimate and how it was made.',
  // The cited publications (UBA, DESNZ) state CO2e with IPCC AR5 GWP100; the estimates are not converted to one set.
  gwp_set: 'IPCC AR5 GWP100 (as the cited sources; not harmonised)',
  demo: true,
  factors: [
    ...GENERAL_FACTORS.map((row) =>
      factor(
        row.factor,
        valueIn(row, edition),
        row.grid ? edition.gridYear : edition.figureYear,
        typeof row.source === 'string' ? row.source : row.source(edition),
      ),
    ),
    ...UPSTREAM_AND_DELIVERY.map((row) =>
      factor(
        row.factor,
        valueIn(row, edition),
        edition.figureYear,
        typeof row.source === 'string' ? row.source : row.source(edition),
      ),
    ),
    ...printFactors(edition.gridYear, edition.grid),
    ...printV3Factors(edition.gridYear, edition.grid),
  ],
});

export const [DEMO_FACTORS_2024, DEMO_FACTORS_2025] = EDITIONS.map(demoDatabase) as [
  DemoFactorDatabase,
  DemoFactorDatabase,
];

export const DEMO_FACTOR_DATABASES: readonly DemoFactorDatabase[] = [DEMO_FACTORS_2024, DEMO_FACTORS_2025];
