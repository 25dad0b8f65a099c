/**
 * Messages of CSV parsing in the five languages. Row errors are stored as a key plus params and
 * rendered in the reader's language, so an import's error list reads the same for everyone.
 */
import type { Language, LocalizedText } from '../languages';

const text = (de: string, en: string, fr: string, it: string, es: string): LocalizedText => ({ de, en, fr, it, es });

export const CSV_MESSAGES = {
  number: text(
    'Spalte „{column}“: „{value}“ ist keine Zahl.',
    'Column "{column}": "{value}" is not a number.',
    'Colonne « {column} » : « {value} » n’est pas un nombre.',
    'Colonna "{column}": "{value}" non è un numero.',
    'Columna «{column}»: «{value}» no es un número.',
  ),
  boolean: text(
    'Spalte „{column}“: „{value}“ ist weder ja noch nein.',
    'Column "{column}": "{value}" is neither yes nor no.',
    'Colonne « {column} » : « {value} » n’est ni oui ni non.',
    'Colonna "{column}": "{value}" non è né sì né no.',
    'Columna «{column}»: «{value}» no es ni sí ni no.',
  ),
  option: text(
    'Spalte „{column}“: „{value}“ ist keine der Auswahlmöglichkeiten.',
    'Column "{column}": "{value}" is not one of the options.',
    'Colonne « {column} » : « {value} » ne fait pas partie des choix.',
    'Colonna "{column}": "{value}" non è tra le opzioni.',
    'Columna «{column}»: «{value}» no es una de las opciones.',
  ),
  factor: text(
    'Spalte „{column}“: „{value}“ ist kein Faktor dieser Kategorie.',
    'Column "{column}": "{value}" is not a factor of this category.',
    'Colonne « {column} » : « {value} » n’est pas un facteur de cette catégorie.',
    'Colonna "{column}": "{value}" non è un fattore di questa categoria.',
    'Columna «{column}»: «{value}» no es un factor de esta categoría.',
  ),
  date: text(
    'Spalte „{column}“: „{value}“ ist kein Datum (JJJJ-MM-TT oder TT.MM.JJJJ).',
    'Column "{column}": "{value}" is not a date (YYYY-MM-DD or DD.MM.YYYY).',
    'Colonne « {column} » : « {value} » n’est pas une date (AAAA-MM-JJ ou JJ.MM.AAAA).',
    'Colonna "{column}": "{value}" non è una data (AAAA-MM-GG o GG.MM.AAAA).',
    'Columna «{column}»: «{value}» no es una fecha (AAAA-MM-DD o DD.MM.AAAA).',
  ),
  partialSet: text(
    'Spalte „{column}“ ist leer, obwohl derselbe Satz in {filled} ausgefüllt ist: Ein Satz wird ganz oder gar nicht ausgefüllt.',
    'Column "{column}" is empty although the same set is filled in {filled}: fill a set completely or not at all.',
    'Colonne « {column} » : vide alors que le même ensemble est rempli dans {filled} ; remplissez un ensemble entièrement ou pas du tout.',
    'Colonna "{column}": vuota mentre lo stesso gruppo è compilato in {filled}; compilare un gruppo per intero o per niente.',
    'Columna «{column}»: vacía aunque el mismo conjunto está rellenado en {filled}; rellene un conjunto por completo o nada.',
  ),
  rule: text('Spalte „{column}“: {message}', 'Column "{column}": {message}', 'Colonne « {column} » : {message}', 'Colonna "{column}": {message}', 'Columna «{column}»: {message}'),
  row: text('Zeile: {message}', 'Row: {message}', 'Ligne : {message}', 'Riga: {message}', 'Fila: {message}'),
} satisfies Record<string, LocalizedText>;

export type CsvMessageKey = keyof typeof CSV_MESSAGES;

export function renderCsvMessage(key: CsvMessageKey, lang: Language, params: Record<string, string>): string {
  const template = CSV_MESSAGES[key][lang] ?? CSV_MESSAGES[key].de;
  return template.replace(/\{(\w+)\}/g, (whole, name: string) => params[name] ?? whole);
}
