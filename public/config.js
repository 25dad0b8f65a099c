/*
 * Kontor runtime configuration. This file is served as-is and read before the app starts, so an operator can change
 * it on a running installation without rebuilding the client. Every key is optional; a missing key uses its default.
 */
window.KONTOR_CONFIG = {
  // Base URL of the API as the browser must call it (e.g. 'https://kontor.example.com/api'). Wins over baseURL.
  // Empty: use baseURL.
  browserBaseURL: '',
  // Base URL of the API when browserBaseURL is empty. Empty: '<current origin>/api' (the server that serves this file).
  baseURL: '',
  // Scheme put before the session token in the Authorization header ('Bearer' → 'Authorization: Bearer <token>').
  // Empty string: send the bare token.
  authScheme: 'Bearer',
  // The provider running this installation; shown in the login card, the page title and the footer.
  provider: { name: 'Kontor' },
  // Sentry DSN for error monitoring. Empty: monitoring is off.
  sentryDsn: '',
  // Plausible-style analytics: script URL and the domains it may track. Empty scriptUrl: analytics is off.
  analytics: { scriptUrl: '', domains: [] },
  i18n: {
    // Cookie that remembers the chosen interface language.
    cookieName: 'i18n_redirected',
    // How long the language cookie lives, in days.
    cookieMaxAgeDays: 365,
    // Domain attribute of the cookie (e.g. '.example.com' to share it with sub-domains). Empty: this host only.
    cookieDomain: '',
    // Send the cookie over HTTPS only.
    cookieSecure: false,
  },
};
