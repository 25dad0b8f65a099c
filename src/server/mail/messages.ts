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
