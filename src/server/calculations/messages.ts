/** The calculation API's own messages in the five languages (field messages come from src/core/rules). */
import type { FactorDatabaseRecord } from '../../core/api';
import type { CalculationError } from '../../core/formula';
import type { MachineSetRef } from '../../core/production';
import { databaseLabel } from '../../core/protocol/describe';
import type { Language, LocalizedText } from '../../core/languages';

const text = (de: string, en: string, fr: string, it: string, es: string): LocalizedText => ({ de, en, fr, it, es });

export const CALCULATION_MESSAGES = {
  invalidInputs: text(
    'Die Eingaben sind ungültig. Bitte prüfen Sie die markierten Felder.',
    'The inputs are not valid. Please check the marked fields.',
    'Les saisies ne sont pas valides. Veuillez vérifier les champs signalés.',
    'I dati non sono validi. Controllare i campi evidenziati.',
    'Los datos no son válidos. Revise los campos marcados.',
  ),
  unknownTemplate: text(
    'Diese Vorlage gibt es nicht.',
    'This template does not exist.',
    "Ce modèle n'existe pas.",
    'Questo modello non esiste.',
    'Esta plantilla no existe.',
  ),
  templateVersionGone: text(
    'Diese Version der Vorlage gibt es nicht mehr.',
    'This version of the template no longer exists.',
    "Cette version du modèle n'existe plus.",
    'Questa versione del modello non esiste più.',
    'Esta versión de la plantilla ya no existe.',
  ),
  templateChange: text(
    'Die Vorlage einer Kalkulation kann nicht gewechselt werden.',
    'The template of a calculation cannot be changed.',
    "Le modèle d'un calcul ne peut pas être changé.",
    'Il modello di un calcolo non può essere cambiato.',
    'La plantilla de un cálculo no se puede cambiar.',
  ),
  databaseUnusable: text(
    'Diese Faktordatenbank ist nicht veröffentlicht oder nicht verfügbar.',
    'This factor database is not published or not available.',
    "Cette base de facteurs n'est pas publiée ou pas disponible.",
    'Questa banca dati dei fattori non è pubblicata o non è disponibile.',
    'Esta base de datos de factores no está publicada o no está disponible.',
  ),
  noDatabase: text(
    'Es ist keine veröffentlichte Faktordatenbank verfügbar.',
    'No published factor database is available.',
    "Aucune base de facteurs publiée n'est disponible.",
    'Nessuna banca dati dei fattori pubblicata è disponibile.',
    'No hay ninguna base de datos de factores publicada disponible.',
  ),
  mandantRequired: text(
    'Wählen Sie den Mandanten der Kalkulation.',
    'Choose the mandant of the calculation.',
    'Choisissez le mandant du calcul.',
    'Scegliere il mandante del calcolo.',
    'Elija el mandante del cálculo.',
  ),
  mandantChange: text(
    'Eine Kalkulation kann nicht zu einem anderen Mandanten verschoben werden.',
    'A calculation cannot be moved to another mandant.',
    'Un calcul ne peut pas être déplacé vers un autre mandant.',
    'Un calcolo non può essere spostato a un altro mandante.',
    'Un cálculo no se puede mover a otro mandante.',
  ),
  unknownMandant: text(
    'Diesen Mandanten gibt es nicht.',
    'This mandant does not exist.',
    "Ce mandant n'existe pas.",
    'Questo mandante non esiste.',
    'Este mandante no existe.',
  ),
  unknownOriginal: text(
    'Die Kalkulation, die kopiert werden soll, gibt es nicht.',
    'The calculation to be copied does not exist.',
    "Le calcul à copier n'existe pas.",
    'Il calcolo da copiare non esiste.',
    'El cálculo que se va a copiar no existe.',
  ),
  inputsRejected: text(
    'Ungültige Eingaben – {reason}',
    'Invalid inputs – {reason}',
    'Saisies non valides – {reason}',
    'Dati non validi – {reason}',
    'Datos no válidos – {reason}',
  ),
  calculationFailed: text(
    'Mit diesen Eingaben lässt sich nicht rechnen: {reason}',
    'These inputs cannot be calculated: {reason}',
    'Ces saisies ne permettent pas le calcul : {reason}',
    'Con questi dati non è possibile calcolare: {reason}',
    'Con estos datos no se puede calcular: {reason}',
  ),
  factorMissing: text(
    'Der Faktor „{factor}“ fehlt in der Faktordatenbank „{database}“. Wählen Sie eine Datenbank, die ihn enthält.',
    'The factor “{factor}” is missing from the factor database “{database}”. Choose a database that contains it.',
    'Le facteur « {factor} » manque dans la base de facteurs « {database} ». Choisissez une base qui le contient.',
    'Il fattore “{factor}” manca nel database dei fattori “{database}”. Scegli un database che lo contenga.',
    'El factor «{factor}» falta en la base de datos de factores «{database}». Elija una base de datos que lo contenga.',
  ),
  machineMissing: text(
    'Die Maschine „{machine}“ fehlt im Maschinenpark „{set}“. Wählen Sie eine Maschine aus der Liste.',
    'The machine “{machine}” is missing from the machine set “{set}”. Choose a machine from the list.',
    'La machine « {machine} » manque dans le parc de machines « {set} ». Choisissez une machine de la liste.',
    'La macchina “{machine}” manca nel parco macchine “{set}”. Scegli una macchina dall’elenco.',
    'La máquina «{machine}» falta en el parque de máquinas «{set}». Elija una máquina de la lista.',
  ),
  figureMissing: text(
    'Im Maschinenpark „{set}“ fehlt eine Kennzahl, die diese Vorlage braucht: {reason}',
    'The machine set “{set}” lacks a figure this template needs: {reason}',
    'Il manque au parc de machines « {set} » une donnée dont ce modèle a besoin : {reason}',
    'Al parco macchine “{set}” manca un dato di cui questo modello ha bisogno: {reason}',
    'Al parque de máquinas «{set}» le falta un dato que esta plantilla necesita: {reason}',
  ),
  noMachineSet: text(
    'Diese Vorlage rechnet mit Ihren Maschinen, aber es ist kein Maschinenpark veröffentlicht. Eine Administratorin oder ein Administrator Ihres Mandanten kann ihn unter „Maschinen“ anlegen.',
    'This template calculates with your machines, but no machine set is published. An admin of your mandant can record one under “Machines”.',
    'Ce modèle calcule avec vos machines, mais aucun parc de machines n’est publié. Un administrateur de votre mandant peut le saisir sous « Machines ».',
    'Questo modello calcola con le vostre macchine, ma nessun parco macchine è pubblicato. Un amministratore del vostro mandante può registrarlo in “Macchine”.',
    'Esta plantilla calcula con sus máquinas, pero no hay ningún parque de máquinas publicado. Un administrador de su mandante puede registrarlo en «Máquinas».',
  ),
  frozen: text(
    'Diese Kalkulation ist durch eine Bestellung festgeschrieben und kann nicht mehr geändert werden.',
    'This calculation is frozen by an order and can no longer be changed.',
    'Ce calcul est figé par une commande et ne peut plus être modifié.',
    'Questo calcolo è bloccato da un ordine e non può più essere modificato.',
    'Este cálculo está bloqueado por un pedido y ya no se puede modificar.',
  ),
} satisfies Record<string, LocalizedText>;

export type CalculationMessage = keyof typeof CALCULATION_MESSAGES;

/** Why a formula could not be computed, in the reader's language; a factor the database lacks is named with the database. */
export function calculationFailure(problem: CalculationError, database: FactorDatabaseRecord, lang: Language, machineSet?: MachineSetRef): string {
  if (problem.code === 'unknown_factor' && problem.factor !== undefined) {
    return calculationMessage('factorMissing', lang, { factor: problem.factor, database: databaseLabel(database.name, database.version_label) });
  }
  if (problem.code === 'no_production_data') return calculationMessage('noMachineSet', lang);
  const set = machineSet ? databaseLabel(machineSet.name, machineSet.version_label) : '';
  if (problem.code === 'unknown_machine' && problem.machine !== undefined) return calculationMessage('machineMissing', lang, { machine: problem.machine, set });
  if (problem.code === 'unknown_figure') return calculationMessage('figureMissing', lang, { set, reason: problem.message });
  return calculationMessage('calculationFailed', lang, { reason: problem.message });
}

export function calculationMessage(key: CalculationMessage, lang: Language, params: Record<string, string> = {}): string {
  const template = CALCULATION_MESSAGES[key][lang] ?? CALCULATION_MESSAGES[key].de;
  return template.replace(/\{(\w+)\}/g, (whole, name: string) => params[name] ?? whole);
}
