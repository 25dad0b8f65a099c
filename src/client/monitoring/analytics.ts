/**
 * A Plausible-style analytics script from the configured URL, only on the configured domains. The script tracks
 * page views itself, including history-mode navigation.
 */
import type { RuntimeConfig } from '../providers/runtimeConfig';

export function startAnalytics(config: RuntimeConfig, hostname = window.location.hostname): boolean {
  const { scriptUrl, domains } = config.analytics;
  if (!scriptUrl || !domains.includes(hostname)) return false;
  const script = document.createElement('script');
  script.defer = true;
  script.src = scriptUrl;
  script.dataset.domain = hostname;
  document.head.appendChild(script);
  return true;
}
