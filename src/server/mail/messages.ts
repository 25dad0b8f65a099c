/** Mail texts in the recipient's language (German is the fallback, as everywhere in Kontor). */
import type { Language } from '../../core/languages';
import type { Mail } from './mailer';

interface ResetTexts {
  subject: string;
  body: (name: string, link: string, hours: number) => string;
}

const PASSWORD_RESET: Record<Language, ResetTexts> = {
  de: {
    subject: 'Kontor: Passwort zurücksetzen',
    body: (name, link, hours) =>
      `Hallo ${name},\n\nüber diesen Link können Sie ein neues Passwort für Kontor festlegen:\n\n${link}\n\nDer Link ist ${hours} Stunde gültig und kann nur einmal verwendet werden. Wenn Sie das nicht angefordert haben, ignorieren Sie diese E-Mail.\n`,
  },
  en: {
    subject: 'Kontor: reset your password',
    body: (name, link, hours) =>
      `Hello ${name},\n\nuse this link to choose a new password for Kontor:\n\n${link}\n\nThe link is valid for ${hours} hour and works only once. If you did not ask for it, ignore this e-mail.\n`,
  },
  fr: {
    subject: 'Kontor : réinitialiser votre mot de passe',
    body: (name, link, hours) =>
      `Bonjour ${name},\n\nce lien vous permet de choisir un nouveau mot de passe pour Kontor :\n\n${link}\n\nLe lien est valable ${hours} heure et ne peut servir qu'une fois. Si vous n'avez rien demandé, ignorez cet e-mail.\n`,
  },
  it: {
    subject: 'Kontor: reimposta la password',
    body: (name, link, hours) =>
      `Ciao ${name},\n\ncon questo link puoi scegliere una nuova password per Kontor:\n\n${link}\n\nIl link è valido per ${hours} ora e può essere usato una sola volta. Se non l'hai richiesto, ignora questa e-mail.\n`,
  },
  es: {
    subject: 'Kontor: restablecer la contraseña',
    body: (name, link, hours) =>
      `Hola ${name}:\n\ncon este enlace puede elegir una nueva contraseña para Kontor:\n\n${link}\n\nEl enlace es válido durante ${hours} hora y solo se puede usar una vez. Si no lo ha solicitado, ignore este correo.\n`,
  },
};

export function passwordResetMail(to: string, name: string, language: Language, link: string, hours: number): Mail {
  const texts = PASSWORD_RESET[language] ?? PASSWORD_RESET.de;
  return { to, subject: texts.subject, text: texts.body(name, link, hours) };
}

interface InvitationTexts {
  subject: string;
  /** `place`: the mandant's name, or null for a provider admin's invitation. */
  body: (name: string, place: string | null, link: string, days: number) => string;
}

const INVITATION: Record<Language, InvitationTexts> = {
  de: {
    subject: 'Kontor: Einladung',
    body: (name, place, link, days) =>
      `Hallo ${name},\n\nSie wurden zu Kontor eingeladen${place ? ` (${place})` : ''}. Über diesen Link legen Sie Ihr eigenes Passwort fest und erhalten damit Ihr Konto:\n\n${link}\n\nDer Link ist ${days} Tage gültig und kann nur einmal verwendet werden. Wenn Sie keine Einladung erwartet haben, ignorieren Sie diese E-Mail.\n`,
  },
  en: {
    subject: 'Kontor: you are invited',
    body: (name, place, link, days) =>
      `Hello ${name},\n\nyou have been invited to Kontor${place ? ` (${place})` : ''}. Use this link to choose your own password and get your account:\n\n${link}\n\nThe link is valid for ${days} days and works only once. If you did not expect an invitation, ignore this e-mail.\n`,
  },
  fr: {
    subject: 'Kontor : invitation',
    body: (name, place, link, days) =>
      `Bonjour ${name},\n\nvous êtes invité(e) à rejoindre Kontor${place ? ` (${place})` : ''}. Ce lien vous permet de choisir votre propre mot de passe et d'obtenir votre compte :\n\n${link}\n\nLe lien est valable ${days} jours et ne peut servir qu'une fois. Si vous n'attendiez pas d'invitation, ignorez cet e-mail.\n`,
  },
  it: {
    subject: 'Kontor: invito',
    body: (name, place, link, days) =>
      `Ciao ${name},\n\nsei stato invitato a Kontor${place ? ` (${place})` : ''}. Con questo link scegli la tua password e ottieni il tuo account:\n\n${link}\n\nIl link è valido per ${days} giorni e può essere usato una sola volta. Se non aspettavi un invito, ignora questa e-mail.\n`,
  },
  es: {
    subject: 'Kontor: invitación',
    body: (name, place, link, days) =>
      `Hola ${name}:\n\nle han invitado a Kontor${place ? ` (${place})` : ''}. Con este enlace elige su propia contraseña y obtiene su cuenta:\n\n${link}\n\nEl enlace es válido durante ${days} días y solo se puede usar una vez. Si no esperaba una invitación, ignore este correo.\n`,
  },
};

/** The invitation itself: a single-use link to set one's own password. */
export function invitationMail(to: string, name: string, language: Language, place: string | null, link: string, days: number): Mail {
  const texts = INVITATION[language] ?? INVITATION.de;
  return { to, subject: texts.subject, text: texts.body(name, place, link, days) };
}

interface AccountExistsTexts {
  subject: string;
  body: (name: string, loginUrl: string, forgotUrl: string) => string;
}

const ACCOUNT_EXISTS: Record<Language, AccountExistsTexts> = {
  de: {
    subject: 'Kontor: Einladung',
    body: (name, loginUrl, forgotUrl) =>
      `Hallo ${name},\n\nSie wurden zu Kontor eingeladen, haben mit dieser E-Mail-Adresse aber bereits ein Konto. Melden Sie sich damit an:\n\n${loginUrl}\n\nWenn Sie Ihr Passwort vergessen haben, fordern Sie hier einen Link zum Zurücksetzen an: ${forgotUrl}\nFür den Zugang zu einem weiteren Mandanten wenden Sie sich an die Person, die Sie eingeladen hat.\n`,
  },
  en: {
    subject: 'Kontor: you are invited',
    body: (name, loginUrl, forgotUrl) =>
      `Hello ${name},\n\nyou have been invited to Kontor, but you already have an account with this e-mail address. Sign in with it:\n\n${loginUrl}\n\nIf you forgot your password, ask for a reset link here: ${forgotUrl}\nFor access to a further mandant, contact the person who invited you.\n`,
  },
  fr: {
    subject: 'Kontor : invitation',
    body: (name, loginUrl, forgotUrl) =>
      `Bonjour ${name},\n\nvous êtes invité(e) à rejoindre Kontor, mais vous avez déjà un compte avec cette adresse e-mail. Connectez-vous avec celui-ci :\n\n${loginUrl}\n\nSi vous avez oublié votre mot de passe, demandez un lien de réinitialisation ici : ${forgotUrl}\nPour accéder à un autre mandant, adressez-vous à la personne qui vous a invité(e).\n`,
  },
  it: {
    subject: 'Kontor: invito',
    body: (name, loginUrl, forgotUrl) =>
      `Ciao ${name},\n\nsei stato invitato a Kontor, ma hai già un account con questo indirizzo e-mail. Accedi con quello:\n\n${loginUrl}\n\nSe hai dimenticato la password, richiedi qui un link per reimpostarla: ${forgotUrl}\nPer accedere a un altro mandante, rivolgiti a chi ti ha invitato.\n`,
  },
  es: {
    subject: 'Kontor: invitación',
    body: (name, loginUrl, forgotUrl) =>
      `Hola ${name}:\n\nle han invitado a Kontor, pero ya tiene una cuenta con esta dirección de correo. Inicie sesión con ella:\n\n${loginUrl}\n\nSi ha olvidado su contraseña, solicite aquí un enlace para restablecerla: ${forgotUrl}\nPara acceder a otro mandante, diríjase a la persona que le invitó.\n`,
  },
};

/**
 * What an invited address that already has an account gets instead of a link: the same subject as an
 * invitation (the admin sees no difference; neither should a shared mailbox), and nothing that creates anything.
 */
export function accountExistsMail(to: string, name: string, language: Language, loginUrl: string, forgotUrl: string): Mail {
  const texts = ACCOUNT_EXISTS[language] ?? ACCOUNT_EXISTS.de;
  return { to, subject: texts.subject, text: texts.body(name, loginUrl, forgotUrl) };
}
