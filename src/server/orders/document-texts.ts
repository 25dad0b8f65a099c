/**
 * The texts of the order documents (certificate, confirmation) in the five languages. `{name}`
 * stands for a value filled in with `fillIn`. They write "CO2", not the screens' "CO₂": the PDFs' standard fonts
 * encode WinAnsi only, which has no subscript two.
 */
import type { Language } from '../../core/languages';

/** `fillIn('Page {page} of {pages}', { page: 1, pages: 2 })` → "Page 1 of 2". */
export function fillIn(text: string, values: Record<string, string | number>): string {
  return text.replace(/\{(\w+)\}/g, (whole, name: string) => (Object.hasOwn(values, name) ? String(values[name]) : whole));
}

export interface DocumentTexts {
  certificateTitle: string;
  confirmationTitle: string;
  certificateNumber: string;
  orderNumber: string;
  issuedTo: string;
  mandant: string;
  quantity: string;
  project: string;
  standard: string;
  vintage: string;
  registryId: string;
  country: string;
  date: string;
  status: string;
  calculations: string;
  pricePerTonne: string;
  total: string;
  certificateStatement: string;
  disclaimer: string;
  /** A demo project's example registry id: `{id}`. */
  exampleRegistryId: string;
  /** Heading of the certificate's list: `{count}` calculations. */
  coveredCalculations: string;
  calculationNumber: string;
  calculationTitle: string;
  calculationCo2e: string;
  /** `{page}`, `{pages}`. */
  pageOf: string;
  statuses: Record<string, string>;
}

export const DOCUMENT_TEXTS: Record<Language, DocumentTexts> = {
  de: {
    certificateTitle: 'Zertifikat über einen CO2-Kompensationsbeitrag',
    confirmationTitle: 'Bestellbestätigung CO2-Kompensationsbeitrag',
    certificateNumber: 'Zertifikatsnummer',
    orderNumber: 'Bestellnummer',
    issuedTo: 'Ausgestellt für',
    mandant: 'Mandant',
    quantity: 'Menge',
    project: 'Projekt',
    standard: 'Standard',
    vintage: 'Jahrgang',
    registryId: 'Registernummer',
    country: 'Land',
    date: 'Datum',
    status: 'Status',
    calculations: 'Kalkulationen',
    pricePerTonne: 'Preis je Tonne',
    total: 'Gesamt',
    certificateStatement: 'Hiermit wird ein finanzieller Beitrag zum oben genannten Klimaschutzprojekt in der angegebenen Menge bestätigt.',
    disclaimer: 'Ein CO2-Kompensationsbeitrag ist keine Aussage, dass ein Produkt oder Unternehmen klimaneutral ist.',
    exampleRegistryId: '{id} (keine echte Registernummer)',
    coveredCalculations: 'Abgedeckte Kalkulationen ({count})',
    calculationNumber: 'Nummer',
    calculationTitle: 'Titel',
    calculationCo2e: 'kg CO2e',
    pageOf: 'Seite {page} von {pages}',
    statuses: { draft: 'Entwurf', placed: 'Bestellt', confirmed: 'Bestätigt', completed: 'Abgeschlossen', cancelled: 'Storniert' },
  },
  en: {
    certificateTitle: 'Certificate of a CO2 offset contribution',
    confirmationTitle: 'Order confirmation: CO2 offset contribution',
    certificateNumber: 'Certificate number',
    orderNumber: 'Order number',
    issuedTo: 'Issued to',
    mandant: 'Mandant',
    quantity: 'Quantity',
    project: 'Project',
    standard: 'Standard',
    vintage: 'Vintage',
    registryId: 'Registry id',
    country: 'Country',
    date: 'Date',
    status: 'Status',
    calculations: 'Calculations',
    pricePerTonne: 'Price per tonne',
    total: 'Total',
    certificateStatement: 'This certifies a financial contribution to the carbon offset project named above in the quantity stated.',
    disclaimer: 'A CO2 offset contribution is not a statement that a product or company is climate neutral.',
    exampleRegistryId: '{id} (not a real registry id)',
    coveredCalculations: 'Calculations covered ({count})',
    calculationNumber: 'Number',
    calculationTitle: 'Title',
    calculationCo2e: 'kg CO2e',
    pageOf: 'Page {page} of {pages}',
    statuses: { draft: 'Draft', placed: 'Placed', confirmed: 'Confirmed', completed: 'Completed', cancelled: 'Cancelled' },
  },
  fr: {
    certificateTitle: "Certificat d'une contribution de compensation CO2",
    confirmationTitle: 'Confirmation de commande : contribution de compensation CO2',
    certificateNumber: 'Numéro de certificat',
    orderNumber: 'Numéro de commande',
    issuedTo: 'Délivré à',
    mandant: 'Mandant',
    quantity: 'Quantité',
    project: 'Projet',
    standard: 'Standard',
    vintage: 'Millésime',
    registryId: 'Identifiant de registre',
    country: 'Pays',
    date: 'Date',
    status: 'Statut',
    calculations: 'Calculs',
    pricePerTonne: 'Prix par tonne',
    total: 'Total',
    certificateStatement: 'Le présent document atteste une contribution financière au projet de compensation carbone nommé ci-dessus, pour la quantité indiquée.',
    disclaimer: "Une contribution de compensation CO2 n'affirme pas qu'un produit ou une entreprise est neutre pour le climat.",
    exampleRegistryId: '{id} (pas un vrai identifiant de registre)',
    coveredCalculations: 'Calculs couverts ({count})',
    calculationNumber: 'Numéro',
    calculationTitle: 'Titre',
    calculationCo2e: 'kg CO2e',
    pageOf: 'Page {page} sur {pages}',
    statuses: { draft: 'Brouillon', placed: 'Commandée', confirmed: 'Confirmée', completed: 'Terminée', cancelled: 'Annulée' },
  },
  it: {
    certificateTitle: 'Certificato di un contributo di compensazione CO2',
    confirmationTitle: "Conferma d'ordine: contributo di compensazione CO2",
    certificateNumber: 'Numero del certificato',
    orderNumber: "Numero d'ordine",
    issuedTo: 'Rilasciato a',
    mandant: 'Mandante',
    quantity: 'Quantità',
    project: 'Progetto',
    standard: 'Standard',
    vintage: 'Annata',
    registryId: 'ID di registro',
    country: 'Paese',
    date: 'Data',
    status: 'Stato',
    calculations: 'Calcoli',
    pricePerTonne: 'Prezzo per tonnellata',
    total: 'Totale',
    certificateStatement: 'Si certifica un contributo finanziario al progetto di compensazione sopra indicato, nella quantità riportata.',
    disclaimer: 'Un contributo di compensazione CO2 non afferma che un prodotto o un’azienda sia a impatto climatico zero.',
    exampleRegistryId: '{id} (non è un vero ID di registro)',
    coveredCalculations: 'Calcoli coperti ({count})',
    calculationNumber: 'Numero',
    calculationTitle: 'Titolo',
    calculationCo2e: 'kg CO2e',
    pageOf: 'Pagina {page} di {pages}',
    statuses: { draft: 'Bozza', placed: 'Ordinato', confirmed: 'Confermato', completed: 'Completato', cancelled: 'Annullato' },
  },
  es: {
    certificateTitle: 'Certificado de una contribución de compensación de CO2',
    confirmationTitle: 'Confirmación de pedido: contribución de compensación de CO2',
    certificateNumber: 'Número de certificado',
    orderNumber: 'Número de pedido',
    issuedTo: 'Emitido a',
    mandant: 'Mandante',
    quantity: 'Cantidad',
    project: 'Proyecto',
    standard: 'Estándar',
    vintage: 'Añada',
    registryId: 'ID de registro',
    country: 'País',
    date: 'Fecha',
    status: 'Estado',
    calculations: 'Cálculos',
    pricePerTonne: 'Precio por tonelada',
    total: 'Total',
    certificateStatement: 'Se certifica una contribución financiera al proyecto de compensación indicado arriba, en la cantidad señalada.',
    disclaimer: 'Una contribución de compensación de CO2 no afirma que un producto o una empresa sea climáticamente neutro.',
    exampleRegistryId: '{id} (no es un ID de registro real)',
    coveredCalculations: 'Cálculos cubiertos ({count})',
    calculationNumber: 'Número',
    calculationTitle: 'Título',
    calculationCo2e: 'kg CO2e',
    pageOf: 'Página {page} de {pages}',
    statuses: { draft: 'Borrador', placed: 'Pedido', confirmed: 'Confirmado', completed: 'Completado', cancelled: 'Cancelado' },
  },
};
