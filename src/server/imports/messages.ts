/** The import API's own messages in the five languages (row messages come from src/core/csv and src/core/rules). */
import type { Language, LocalizedText } from '../../core/languages';

const text = (de: string, en: string, fr: string, it: string, es: string): LocalizedText => ({ de, en, fr, it, es });

export const IMPORT_MESSAGES = {
  tooLarge: text(
    'Die Datei ist größer als {limit} und kann nicht importiert werden.',
    'The file is larger than {limit} and cannot be imported.',
    'Le fichier dépasse {limit} et ne peut pas être importé.',
    'Il file supera {limit} e non può essere importato.',
    'El archivo supera {limit} y no se puede importar.',
  ),
  empty: text('Die Datei ist leer.', 'The file is empty.', 'Le fichier est vide.', 'Il file è vuoto.', 'El archivo está vacío.'),
  headerOnly: text(
    'Die Datei enthält nur eine Kopfzeile und keine Daten.',
    'The file has a header row but no data rows.',
    'Le fichier ne contient qu’une ligne d’en-tête, sans données.',
    'Il file contiene solo l’intestazione e nessun dato.',
    'El archivo solo tiene la fila de encabezado y ningún dato.',
  ),
  notCsv: text(
    'Das ist keine CSV-Datei. Speichern Sie die Tabelle als CSV (Trennzeichen Komma, Semikolon oder Tab).',
    'This is not a CSV file. Save the spreadsheet as CSV (comma, semicolon or tab separated).',
    'Ce n’est pas un fichier CSV. Enregistrez le tableau au format CSV (séparateur virgule, point-virgule ou tabulation).',
    'Questo non è un file CSV. Salvare il foglio come CSV (separato da virgola, punto e virgola o tabulazione).',
    'Esto no es un archivo CSV. Guarde la hoja como CSV (separado por comas, punto y coma o tabulaciones).',
  ),
  noColumns: text(
    'Keine Spalte der Datei passt zu einem Feld der Vorlage. Ordnen Sie die Spalten zu.',
    'No column of the file matches a field of the template. Map the columns.',
    'Aucune colonne du fichier ne correspond à un champ du modèle. Associez les colonnes.',
    'Nessuna colonna del file corrisponde a un campo del modello. Associare le colonne.',
    'Ninguna columna del archivo corresponde a un campo de la plantilla. Asigne las columnas.',
  ),
  badMapping: text(
    'Die Spaltenzuordnung ist ungültig: {problems}',
    'The column mapping is not valid: {problems}',
    'L’association des colonnes n’est pas valide : {problems}',
    'L’associazione delle colonne non è valida: {problems}',
    'La asignación de columnas no es válida: {problems}',
  ),
  badParameters: text(
    'Die Angaben zum Import sind ungültig.',
    'The import parameters are not valid.',
    'Les paramètres de l’import ne sont pas valides.',
    'I parametri dell’importazione non sono validi.',
    'Los parámetros de la importación no son válidos.',
  ),
  rowsFailed: text(
    '{failed} von {total} Zeilen sind fehlerhaft; es wurde nichts importiert.',
    '{failed} of {total} rows have errors; nothing was imported.',
    '{failed} lignes sur {total} comportent des erreurs ; rien n’a été importé.',
    '{failed} righe su {total} contengono errori; non è stato importato nulla.',
    '{failed} de {total} filas tienen errores; no se importó nada.',
  ),
  cancelled: text('Der Import wurde abgebrochen.', 'The import was cancelled.', 'L’import a été annulé.', 'L’importazione è stata annullata.', 'La importación se canceló.'),
  interrupted: text(
    'Der Server wurde während des Imports beendet; vom Import wurde nichts übernommen.',
    'The server stopped during the import; nothing of the import was kept.',
    'Le serveur s’est arrêté pendant l’import ; rien de l’import n’a été conservé.',
    'Il server si è fermato durante l’importazione; nulla dell’importazione è stato conservato.',
    'El servidor se detuvo durante la importación; no se conservó nada de la importación.',
  ),
  interruptedFrozen: text(
    'Der Server wurde während des Imports beendet; seine Kalkulationen wurden gelöscht, außer {kept}, die inzwischen durch eine Bestellung festgeschrieben sind.',
    'The server stopped during the import; its calculations were deleted except {kept} that an order has frozen since.',
    'Le serveur s’est arrêté pendant l’import ; ses calculs ont été supprimés, sauf {kept} figés depuis par une commande.',
    'Il server si è fermato durante l’importazione; i suoi calcoli sono stati eliminati, tranne {kept} bloccati nel frattempo da un ordine.',
    'El servidor se detuvo durante la importación; sus cálculos se eliminaron, salvo {kept} bloqueados desde entonces por un pedido.',
  ),
  frozen: text(
    'Der Import kann nicht rückgängig gemacht werden: eine seiner Kalkulationen ist durch eine Bestellung festgeschrieben.',
    'The import cannot be undone: one of its calculations is frozen by an order.',
    'L’import ne peut pas être annulé : un de ses calculs est figé par une commande.',
    'L’importazione non può essere annullata: uno dei suoi calcoli è bloccato da un ordine.',
    'La importación no se puede deshacer: uno de sus cálculos está bloqueado por un pedido.',
  ),
  notUndoable: text(
    'Nur ein erfolgreicher Import kann rückgängig gemacht werden.',
    'Only a successful import can be undone.',
    'Seul un import réussi peut être annulé.',
    'Solo un’importazione riuscita può essere annullata.',
    'Solo se puede deshacer una importación correcta.',
  ),
  notRunning: text('Dieser Import läuft nicht.', 'This import is not running.', 'Cet import n’est pas en cours.', 'Questa importazione non è in corso.', 'Esta importación no está en curso.'),
} satisfies Record<string, LocalizedText>;

export type ImportMessage = keyof typeof IMPORT_MESSAGES;

export function importMessage(key: ImportMessage, lang: Language, params: Record<string, string | number> = {}): string {
  const template = IMPORT_MESSAGES[key][lang] ?? IMPORT_MESSAGES[key].de;
  return template.replace(/\{(\w+)\}/g, (whole, name: string) => (params[name] !== undefined ? String(params[name]) : whole));
}

/** Column headers of the errors CSV. */
export const ERROR_CSV_HEADER: Record<Language, string[]> = {
  de: ['Zeile', 'Spalte', 'Wert', 'Fehler'],
  en: ['Row', 'Column', 'Value', 'Error'],
  fr: ['Ligne', 'Colonne', 'Valeur', 'Erreur'],
  it: ['Riga', 'Colonna', 'Valore', 'Errore'],
  es: ['Fila', 'Columna', 'Valor', 'Error'],
};
