/**
 * Validation messages in the five languages. `{field}` is the field's label in the user's
 * language; other placeholders are rule arguments, numbers formatted for that language.
 * A rule without its own message uses `invalid` ("{field} is not valid.").
 */
import type { Language, LocalizedText } from '../languages';
import { formatNumber } from '../number-format';

export const RULE_MESSAGES = {
  invalid: {
    de: '{field} ist ungültig.',
    en: '{field} is not valid.',
    fr: "{field} n'est pas valide.",
    it: 'Il campo {field} non è valido.',
    es: 'El campo {field} no es válido.',
  },
  required: {
    de: '{field} ist ein Pflichtfeld.',
    en: '{field} is required.',
    fr: '{field} est obligatoire.',
    it: 'Il campo {field} è obbligatorio.',
    es: 'El campo {field} es obligatorio.',
  },
  'min.number': {
    de: '{field} muss mindestens {min} sein.',
    en: '{field} must be at least {min}.',
    fr: '{field} doit être au moins égal à {min}.',
    it: '{field} deve essere almeno {min}.',
    es: '{field} debe ser como mínimo {min}.',
  },
  'max.number': {
    de: '{field} darf höchstens {max} sein.',
    en: '{field} must be at most {max}.',
    fr: '{field} doit être au plus égal à {max}.',
    it: '{field} deve essere al massimo {max}.',
    es: '{field} debe ser como máximo {max}.',
  },
  between: {
    de: '{field} muss zwischen {min} und {max} liegen.',
    en: '{field} must be between {min} and {max}.',
    fr: 'La valeur de {field} doit être comprise entre {min} et {max}.',
    it: 'Il valore di {field} deve essere compreso tra {min} e {max}.',
    es: '{field} debe estar entre {min} y {max}.',
  },
  'min.string': {
    de: '{field} muss mindestens {min} Zeichen lang sein.',
    en: '{field} must be at least {min} characters long.',
    fr: '{field} doit contenir au moins {min} caractères.',
    it: '{field} deve contenere almeno {min} caratteri.',
    es: '{field} debe tener al menos {min} caracteres.',
  },
  'max.string': {
    de: '{field} darf höchstens {max} Zeichen lang sein.',
    en: '{field} must be at most {max} characters long.',
    fr: '{field} doit contenir au plus {max} caractères.',
    it: '{field} deve contenere al massimo {max} caratteri.',
    es: '{field} debe tener como máximo {max} caracteres.',
  },
  'min.array': {
    de: 'Wählen Sie für {field} mindestens {min} Einträge.',
    en: '{field} needs at least {min} entries.',
    fr: '{field} doit contenir au moins {min} éléments.',
    it: '{field} deve contenere almeno {min} elementi.',
    es: '{field} debe contener al menos {min} elementos.',
  },
  'max.array': {
    de: 'Wählen Sie für {field} höchstens {max} Einträge.',
    en: '{field} allows at most {max} entries.',
    fr: '{field} doit contenir au plus {max} éléments.',
    it: '{field} deve contenere al massimo {max} elementi.',
    es: '{field} debe contener como máximo {max} elementos.',
  },
  integer: {
    de: '{field} muss eine ganze Zahl sein.',
    en: '{field} must be a whole number.',
    fr: '{field} doit être un nombre entier.',
    it: '{field} deve essere un numero intero.',
    es: '{field} debe ser un número entero.',
  },
  decimals: {
    de: '{field} darf höchstens {n} Nachkommastellen haben.',
    en: '{field} may have at most {n} decimal places.',
    fr: '{field} peut avoir au plus {n} décimales.',
    it: '{field} può avere al massimo {n} cifre decimali.',
    es: '{field} puede tener como máximo {n} decimales.',
  },
  email: {
    de: '{field} muss eine gültige E-Mail-Adresse sein.',
    en: '{field} must be a valid email address.',
    fr: '{field} doit être une adresse e-mail valide.',
    it: '{field} deve essere un indirizzo e-mail valido.',
    es: '{field} debe ser una dirección de correo electrónico válida.',
  },
  multipleOf: {
    de: '{field} muss ein Vielfaches von {n} sein.',
    en: '{field} must be a multiple of {n}.',
    fr: '{field} doit être un multiple de {n}.',
    it: '{field} deve essere un multiplo di {n}.',
    es: '{field} debe ser un múltiplo de {n}.',
  },
  date: {
    de: '{field} muss ein gültiges Datum sein.',
    en: '{field} must be a valid date.',
    fr: '{field} doit être une date valide.',
    it: '{field} deve essere una data valida.',
    es: '{field} debe ser una fecha válida.',
  },
  after: {
    de: '{field} muss nach dem {date} liegen.',
    en: '{field} must be after {date}.',
    fr: 'La date de {field} doit être postérieure au {date}.',
    it: 'La data di {field} deve essere successiva al {date}.',
    es: '{field} debe ser posterior al {date}.',
  },
  before: {
    de: '{field} muss vor dem {date} liegen.',
    en: '{field} must be before {date}.',
    fr: 'La date de {field} doit être antérieure au {date}.',
    it: 'La data di {field} deve essere precedente al {date}.',
    es: '{field} debe ser anterior al {date}.',
  },
  'type.number': {
    de: '{field} muss eine Zahl sein.',
    en: '{field} must be a number.',
    fr: '{field} doit être un nombre.',
    it: '{field} deve essere un numero.',
    es: '{field} debe ser un número.',
  },
  'type.text': {
    de: '{field} muss ein Text sein.',
    en: '{field} must be text.',
    fr: '{field} doit être un texte.',
    it: '{field} deve essere un testo.',
    es: '{field} debe ser un texto.',
  },
  'type.boolean': {
    de: '{field} muss Ja oder Nein sein.',
    en: '{field} must be yes or no.',
    fr: '{field} doit être oui ou non.',
    it: '{field} deve essere sì o no.',
    es: '{field} debe ser sí o no.',
  },
  'type.list': {
    de: '{field} muss eine Liste ohne doppelte Einträge sein.',
    en: '{field} must be a list without duplicate entries.',
    fr: '{field} doit être une liste sans doublons.',
    it: '{field} deve essere un elenco senza voci duplicate.',
    es: '{field} debe ser una lista sin entradas duplicadas.',
  },
  'type.option': {
    de: 'Bitte wählen Sie für {field} eine der angebotenen Optionen.',
    en: 'Please choose one of the options offered for {field}.',
    fr: 'Veuillez choisir une des options proposées pour {field}.',
    it: "Scegli una delle opzioni proposte per {field}.",
    es: 'Elija una de las opciones ofrecidas para {field}.',
  },
  'type.factor': {
    de: 'Bitte wählen Sie für {field} einen Faktor aus der Liste.',
    en: 'Please choose a factor from the list for {field}.',
    fr: 'Veuillez choisir un facteur de la liste pour {field}.',
    it: "Scegli un fattore dall'elenco per {field}.",
    es: 'Elija un factor de la lista para {field}.',
  },
  'type.machine': {
    de: 'Bitte wählen Sie für {field} eine Maschine aus der Liste.',
    en: 'Please choose a machine from the list for {field}.',
    fr: 'Veuillez choisir une machine de la liste pour {field}.',
    it: "Scegli una macchina dall'elenco per {field}.",
    es: 'Elija una máquina de la lista para {field}.',
  },
  hidden: {
    de: '{field} wird hier nicht angezeigt und darf nicht gesendet werden.',
    en: '{field} is not shown here and must not be sent.',
    fr: "{field} n'est pas affiché ici et ne doit pas être envoyé.",
    it: '{field} non è visualizzato qui e non deve essere inviato.',
    es: '{field} no se muestra aquí y no debe enviarse.',
  },
  unknown: {
    de: 'Unbekanntes Feld „{field}“.',
    en: "Unknown field '{field}'.",
    fr: 'Champ inconnu « {field} ».',
    it: "Campo sconosciuto '{field}'.",
    es: 'Campo desconocido «{field}».',
  },
  'group.min': {
    de: 'Fügen Sie bei {field} mindestens {min} Einträge hinzu.',
    en: 'Add at least {min} entries to {field}.',
    fr: 'Ajoutez au moins {min} entrées à {field}.',
    it: 'Aggiungi almeno {min} voci a {field}.',
    es: 'Añada al menos {min} entradas a {field}.',
  },
  'group.max': {
    de: '{field} erlaubt höchstens {max} Einträge.',
    en: '{field} allows at most {max} entries.',
    fr: '{field} accepte au plus {max} entrées.',
    it: '{field} consente al massimo {max} voci.',
    es: '{field} admite como máximo {max} entradas.',
  },
  'type.entries': {
    de: '{field} muss eine Liste von Einträgen sein.',
    en: '{field} must be a list of entries.',
    fr: "{field} doit être une liste d'entrées.",
    it: '{field} deve essere un elenco di voci.',
    es: '{field} debe ser una lista de entradas.',
  },
} as const satisfies Record<string, LocalizedText>;

export type MessageKey = keyof typeof RULE_MESSAGES;

/** The label used when the inputs as a whole are at fault. */
export const INPUTS_LABEL: LocalizedText = { de: 'Eingaben', en: 'Inputs', fr: 'Saisies', it: 'Dati', es: 'Datos' };

export type MessageParams = Record<string, string | number>;

/** Fills a message: numbers are formatted for the language, dates stay ISO. */
export function renderMessage(key: MessageKey, lang: Language, field: string, params: MessageParams = {}): string {
  const template: string = RULE_MESSAGES[key][lang] ?? RULE_MESSAGES[key].de;
  return template.replace(/\{(\w+)\}/g, (whole, name: string) => {
    if (name === 'field') return field;
    const value = params[name];
    if (value === undefined) return whole;
    return typeof value === 'number' ? formatNumber(value, lang, { maximumFractionDigits: 10 }) : value;
  });
}

export function localize(text: LocalizedText | undefined, lang: Language, fallback = ''): string {
  if (!text) return fallback;
  return text[lang] || text.de || fallback;
}
