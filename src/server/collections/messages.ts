/** The collection API's own messages in the five languages. */
import type { Language, LocalizedText } from '../../core/languages';

const text = (de: string, en: string, fr: string, it: string, es: string): LocalizedText => ({ de, en, fr, it, es });

export const COLLECTION_MESSAGES = {
  notFound: text(
    'Diese Sammlung gibt es nicht.',
    'This collection does not exist.',
    "Cette collection n'existe pas.",
    'Questa raccolta non esiste.',
    'Esta colección no existe.',
  ),
  unknownCalculations: text(
    'Mindestens eine dieser Kalkulationen gibt es nicht. Es wurde nichts geändert.',
    'At least one of these calculations does not exist. Nothing was changed.',
    "Au moins un de ces calculs n'existe pas. Rien n'a été modifié.",
    'Almeno uno di questi calcoli non esiste. Non è stato modificato nulla.',
    'Al menos uno de estos cálculos no existe. No se ha cambiado nada.',
  ),
  nameRequired: text(
    'Geben Sie der Sammlung einen Namen.',
    'Give the collection a name.',
    'Donnez un nom à la collection.',
    'Dare un nome alla raccolta.',
    'Dé un nombre a la colección.',
  ),
  mandantRequired: text(
    'Wählen Sie den Mandanten der Sammlung.',
    'Choose the mandant of the collection.',
    'Choisissez le mandant de la collection.',
    'Scegliere il mandante della raccolta.',
    'Elija el mandante de la colección.',
  ),
  copySuffix: text('Kopie', 'copy', 'copie', 'copia', 'copia'),
  badOffsetFilter: text(
    'Der Filter „has_open_offsets“ erwartet true oder false.',
    'The "has_open_offsets" filter expects true or false.',
    'Le filtre « has_open_offsets » attend true ou false.',
    'Il filtro "has_open_offsets" si aspetta true o false.',
    'El filtro "has_open_offsets" espera true o false.',
  ),
} satisfies Record<string, LocalizedText>;

export function collectionMessage(key: keyof typeof COLLECTION_MESSAGES, lang: Language): string {
  return COLLECTION_MESSAGES[key][lang];
}
