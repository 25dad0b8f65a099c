/** Unit tests word messages in all five languages, as the server does. */
import '../../src/core/i18n/all-locales';
