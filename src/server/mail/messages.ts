/** Mail texts in the recipient's language: `mails.*` in locales/<lang>.json (German is the fallback, as everywhere in Kontor). */
import { translate } from '../../core/i18n/translate';
import type { Language } from '../../core/languages';
import '../../core/i18n/all-locales';
import type { Mail } from './mailer';

export function passwordResetMail(to: string, name: string, language: Language, link: string, hours: number): Mail {
  const validity = translate(language, 'mails.hours', { smart_count: hours });
  return {
    to,
    subject: translate(language, 'mails.passwordReset.subject'),
    text: translate(language, 'mails.passwordReset.body', { name, link, validity }),
  };
}

/** The invitation itself: a single-use link to set one's own password. `place`: the mandant's name, or null for a provider admin. */
export function invitationMail(
  to: string,
  name: string,
  language: Language,
  place: string | null,
  link: string,
  days: number,
): Mail {
  const validity = translate(language, 'mails.days', { smart_count: days });
  const where = place ? translate(language, 'mails.invitation.place', { place }) : '';
  return {
    to,
    subject: translate(language, 'mails.invitation.subject'),
    text: translate(language, 'mails.invitation.body', { name, place: where, link, validity }),
  };
}

/**
 * What an invited address that already has an account gets instead of a link: the same subject as an
 * invitation (the admin sees no difference; neither should a shared mailbox), and nothing that creates anything.
 */
export function accountExistsMail(
  to: string,
  name: string,
  language: Language,
  loginUrl: string,
  forgotUrl: string,
): Mail {
  return {
    to,
    subject: translate(language, 'mails.invitation.subject'),
    text: translate(language, 'mails.accountExists.body', { name, loginUrl, forgotUrl }),
  };
}
