/** The order API's messages in the five languages. Wording: "CO₂ offset contribution", never "climate neutral". */
import type { Language, LocalizedText } from '../../core/languages';

const text = (de: string, en: string, fr: string, it: string, es: string): LocalizedText => ({ de, en, fr, it, es });

export const ORDER_MESSAGES = {
  subjectRequired: text(
    'Wählen Sie genau eine Kalkulation oder eine Sammlung.',
    'Choose exactly one calculation or one collection.',
    'Choisissez exactement un calcul ou une collection.',
    'Scegliere esattamente un calcolo o una raccolta.',
    'Elija exactamente un cálculo o una colección.',
  ),
  calculationNotFound: text('Diese Kalkulation gibt es nicht.', 'This calculation does not exist.', "Ce calcul n'existe pas.", 'Questo calcolo non esiste.', 'Este cálculo no existe.'),
  collectionNotFound: text(
    'Diese Sammlung gibt es nicht oder sie enthält keine Kalkulationen.',
    'This collection does not exist or contains no calculations.',
    "Cette collection n'existe pas ou ne contient aucun calcul.",
    'Questa raccolta non esiste o non contiene calcoli.',
    'Esta colección no existe o no contiene cálculos.',
  ),
  projectNotFound: text('Dieses Projekt gibt es nicht.', 'This project does not exist.', "Ce projet n'existe pas.", 'Questo progetto non esiste.', 'Este proyecto no existe.'),
  projectInactive: text(
    'Dieses Projekt ist nicht aktiv und kann nicht bestellt werden.',
    'This project is not active and cannot be ordered.',
    "Ce projet n'est pas actif et ne peut pas être commandé.",
    'Questo progetto non è attivo e non può essere ordinato.',
    'Este proyecto no está activo y no se puede pedir.',
  ),
  zeroTonnes: text(
    'Die Kalkulationen ergeben 0 kg CO₂e: Es gibt nichts zu kompensieren.',
    'The calculations total 0 kg CO₂e: there is nothing to offset.',
    "Les calculs totalisent 0 kg CO₂e : il n'y a rien à compenser.",
    'I calcoli totalizzano 0 kg CO₂e: non c\u2019è nulla da compensare.',
    'Los cálculos suman 0 kg CO₂e: no hay nada que compensar.',
  ),
  alreadyOrdered: text(
    'Für diese Kalkulation wurde bereits ein CO₂-Kompensationsbeitrag bestellt: %{numbers}.',
    'A CO₂ offset contribution has already been ordered for this calculation: %{numbers}.',
    'Une contribution de compensation CO₂ a déjà été commandée pour ce calcul : %{numbers}.',
    'Per questo calcolo è già stato ordinato un contributo di compensazione CO₂: %{numbers}.',
    'Ya se ha pedido una contribución de compensación de CO₂ para este cálculo: %{numbers}.',
  ),
  alreadyOrderedMany: text(
    'Für diese Kalkulationen wurden bereits CO₂-Kompensationsbeiträge bestellt: %{numbers}.',
    'CO₂ offset contributions have already been ordered for these calculations: %{numbers}.',
    'Des contributions de compensation CO₂ ont déjà été commandées pour ces calculs : %{numbers}.',
    'Per questi calcoli sono già stati ordinati contributi di compensazione CO₂: %{numbers}.',
    'Ya se han pedido contribuciones de compensación de CO₂ para estos cálculos: %{numbers}.',
  ),
  notEnoughStock: text(
    'Das Projekt hat nicht mehr genug Tonnen verfügbar.',
    'The project no longer has enough tonnes available.',
    "Le projet n'a plus assez de tonnes disponibles.",
    'Il progetto non ha più abbastanza tonnellate disponibili.',
    'El proyecto ya no tiene suficientes toneladas disponibles.',
  ),
  illegalTransition: text(
    'Der Schritt „%{transition}“ ist bei einer Bestellung im Status „%{from}“ nicht möglich.',
    'The step "%{transition}" is not possible for an order with status "%{from}".',
    "L'étape « %{transition} » n'est pas possible pour une commande au statut « %{from} ».",
    'Il passaggio «%{transition}» non è possibile per un ordine con stato «%{from}».',
    'El paso «%{transition}» no es posible para un pedido con estado «%{from}».',
  ),
  roleForbidden: text(
    'Ihre Rolle darf diesen Schritt nicht ausführen.',
    'Your role may not take this step.',
    "Votre rôle ne permet pas d'effectuer cette étape.",
    'Il suo ruolo non può eseguire questo passaggio.',
    'Su rol no puede realizar este paso.',
  ),
  onlyDrafts: text(
    'Nur Entwürfe können geändert oder gelöscht werden.',
    'Only drafts can be changed or deleted.',
    'Seuls les brouillons peuvent être modifiés ou supprimés.',
    'Solo le bozze possono essere modificate o eliminate.',
    'Solo se pueden modificar o eliminar borradores.',
  ),
  changedSinceDraft: text(
    'Die Kalkulationen haben sich seit dem Entwurf geändert. Legen Sie die Bestellung neu an.',
    'The calculations changed since the draft was made. Create the order again.',
    'Les calculs ont changé depuis le brouillon. Créez à nouveau la commande.',
    "I calcoli sono cambiati dopo la bozza. Creare di nuovo l'ordine.",
    'Los cálculos han cambiado desde el borrador. Cree el pedido de nuevo.',
  ),
  noDocument: text(
    'Für eine Bestellung in diesem Status gibt es keine Bestellbestätigung.',
    'There is no order confirmation for an order with this status.',
    "Il n'y a pas de confirmation pour une commande dans ce statut.",
    "Non esiste una conferma d'ordine per un ordine in questo stato.",
    'No hay confirmación para un pedido con este estado.',
  ),
  notCompleted: text(
    'Das Zertifikat gibt es erst, wenn die Bestellung abgeschlossen ist.',
    'The certificate is available once the order is completed.',
    'Le certificat est disponible une fois la commande terminée.',
    "Il certificato è disponibile quando l'ordine è completato.",
    'El certificado está disponible cuando el pedido se completa.',
  ),
} as const;

export type OrderMessageKey = keyof typeof ORDER_MESSAGES;

/** "Already ordered" for the calculation numbers given, worded in the singular or plural as their count needs. */
export function alreadyOrderedMessage(numbers: readonly string[], lang: Language): string {
  return orderMessage(numbers.length > 1 ? 'alreadyOrderedMany' : 'alreadyOrdered', lang, { numbers: numbers.join(', ') });
}

export function orderMessage(key: OrderMessageKey, lang: Language, params: Record<string, string> = {}): string {
  return ORDER_MESSAGES[key][lang].replace(/%\{(\w+)\}/g, (_, name: string) => params[name] ?? '');
}
