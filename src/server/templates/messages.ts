/** The template editor API's own messages in the five languages; `{name}` placeholders are filled in. */
import type { Language, LocalizedText } from '../../core/languages';

const text = (de: string, en: string, fr: string, it: string, es: string): LocalizedText => ({ de, en, fr, it, es });

export const TEMPLATE_MESSAGES = {
  invalidJson: text(
    'Die Vorlage ist kein gültiges JSON.',
    'The template is not valid JSON.',
    "Le modèle n'est pas un JSON valide.",
    'Il modello non è un JSON valido.',
    'La plantilla no es un JSON válido.',
  ),
  checksFailed: text(
    'Die Vorlage besteht die Prüfungen nicht ({count} Fehler).',
    'The template fails the checks ({count} faults).',
    'Le modèle ne passe pas les contrôles ({count} erreurs).',
    'Il modello non supera i controlli ({count} errori).',
    'La plantilla no supera las comprobaciones ({count} errores).',
  ),
  shippedId: text(
    'Die ID „{id}“ gehört zu einer mitgelieferten Vorlage (Datei). Wählen Sie eine andere ID oder „Als neue Vorlage speichern“.',
    'The id "{id}" belongs to a shipped template (file). Choose another id or "Save as new template".',
    "L'identifiant « {id} » appartient à un modèle livré (fichier). Choisissez un autre identifiant ou « Enregistrer comme nouveau modèle ».",
    'L’id "{id}" appartiene a un modello fornito (file). Scegliere un altro id o "Salva come nuovo modello".',
    'El id "{id}" pertenece a una plantilla suministrada (archivo). Elija otro id o "Guardar como plantilla nueva".',
  ),
  idTaken: text(
    'Es gibt bereits eine Vorlage mit der ID „{id}“. Wählen Sie eine andere ID.',
    'A template with the id "{id}" already exists. Choose another id.',
    "Un modèle avec l'identifiant « {id} » existe déjà. Choisissez un autre identifiant.",
    'Esiste già un modello con id "{id}". Scegliere un altro id.',
    'Ya existe una plantilla con el id "{id}". Elija otro id.',
  ),
  noVersion: text(
    'Die Vorlage „{id}“ hat keine Version {version}.',
    'The template "{id}" has no version {version}.',
    "Le modèle « {id} » n'a pas de version {version}.",
    'Il modello "{id}" non ha la versione {version}.',
    'La plantilla "{id}" no tiene la versión {version}.',
  ),
  shippedReadOnly: text(
    'Mitgelieferte Vorlagen (Dateien) können in der App nicht geändert oder gelöscht werden.',
    'Shipped templates (files) cannot be changed or deleted in the app.',
    "Les modèles livrés (fichiers) ne peuvent pas être modifiés ni supprimés dans l'application.",
    'I modelli forniti (file) non possono essere modificati o eliminati nell’app.',
    'Las plantillas suministradas (archivos) no se pueden cambiar ni eliminar en la aplicación.',
  ),
  alreadyPublished: text(
    'Version {version} von „{id}“ ist bereits veröffentlicht.',
    'Version {version} of "{id}" is already published.',
    'La version {version} de « {id} » est déjà publiée.',
    'La versione {version} di "{id}" è già pubblicata.',
    'La versión {version} de "{id}" ya está publicada.',
  ),
  inUse: text(
    'Version {version} von „{id}“ wird von {count} Kalkulation(en) verwendet und kann nicht gelöscht werden.',
    'Version {version} of "{id}" is used by {count} calculation(s) and cannot be deleted.',
    'La version {version} de « {id} » est utilisée par {count} calcul(s) et ne peut pas être supprimée.',
    'La versione {version} di "{id}" è usata da {count} calcolo/i e non può essere eliminata.',
    'La versión {version} de "{id}" la usan {count} cálculo(s) y no se puede eliminar.',
  ),
  unknownTemplate: text(
    'Keine Vorlage mit der ID „{id}“.',
    'No template with the id "{id}".',
    "Aucun modèle avec l'identifiant « {id} ».",
    'Nessun modello con id "{id}".',
    'Ninguna plantilla con el id "{id}".',
  ),
} satisfies Record<string, LocalizedText>;

export type TemplateMessageKey = keyof typeof TEMPLATE_MESSAGES;

export function templateMessage(key: TemplateMessageKey, lang: Language, params: Record<string, string | number> = {}): string {
  return TEMPLATE_MESSAGES[key][lang].replace(/\{(\w+)\}/g, (whole, name: string) => (name in params ? String(params[name]) : whole));
}
