/**
 * Runtime configuration from `public/config.js` (`window.KONTOR_CONFIG`), completed with defaults, so operators can
 * change it without rebuilding the client. Every key is optional.
 */
export interface RuntimeConfig {
  browserBaseURL: string;
  baseURL: string;
  authScheme: string;
  provider: { name: string };
  sentryDsn: string;
  analytics: { scriptUrl: string; domains: string[] };
  i18n: { cookieName: string; cookieMaxAgeDays: number; cookieDomain: string; cookieSecure: boolean };
}

export type RuntimeConfigInput = {
  [K in keyof RuntimeConfig]?: RuntimeConfig[K] extends object ? Partial<RuntimeConfig[K]> : RuntimeConfig[K];
};

declare global {
  interface Window {
    KONTOR_CONFIG?: RuntimeConfigInput;
  }
}

export const DEFAULT_RUNTIME_CONFIG: RuntimeConfig = {
  browserBaseURL: '',
  baseURL: '',
  authScheme: 'Bearer',
  provider: { name: 'Kontor' },
  sentryDsn: '',
  analytics: { scriptUrl: '', domains: [] },
  i18n: { cookieName: 'i18n_redirected', cookieMaxAgeDays: 365, cookieDomain: '', cookieSecure: false },
};

/** Read on every call (cheap) so tests and operators can swap `window.KONTOR_CONFIG` without a module reload. */
export function getRuntimeConfig(): RuntimeConfig {
  const input: RuntimeConfigInput = (typeof window !== 'undefined' && window.KONTOR_CONFIG) || {};
  const d = DEFAULT_RUNTIME_CONFIG;
  return {
    browserBaseURL: input.browserBaseURL ?? d.browserBaseURL,
    baseURL: input.baseURL ?? d.baseURL,
    authScheme: input.authScheme ?? d.authScheme,
    provider: { ...d.provider, ...input.provider },
    sentryDsn: input.sentryDsn ?? d.sentryDsn,
    analytics: { ...d.analytics, ...input.analytics },
    i18n: { ...d.i18n, ...input.i18n },
  };
}

/** The API base URL, always absolute (relative URLs fail under jsdom/msw and behind some proxies). */
export function getApiBaseUrl(config: RuntimeConfig = getRuntimeConfig()): string {
  const configured = config.browserBaseURL || config.baseURL;
  const base = configured ? new URL(configured, window.location.origin).href : `${window.location.origin}/api`;
  return base.replace(/\/+$/, '');
}
