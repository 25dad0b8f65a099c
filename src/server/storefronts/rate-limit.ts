/**
 * Quotes a publishable key may ask for: a shop's customers type, so each keystroke may quote, but one address cannot
 * drown the mandant's server, nor one shop all shops. Fixed one-minute windows per key and per key and address, held in
 * this process (several processes each allow as much: the limit protects a process, not a contract). The limits are
 * the server's configuration (STOREFRONT_QUOTES_PER_MINUTE, STOREFRONT_QUOTES_PER_MINUTE_PER_KEY).
 */
const WINDOW_MS = 60_000;
/** Beyond this many tracked windows the oldest go: an attacker rotating addresses cannot grow the map without bound. */
const MAX_WINDOWS = 50_000;

interface Window {
  start: number;
  count: number;
}

export class QuoteRateLimit {
  private readonly windows = new Map<string, Window>();

  constructor(
    private readonly perAddress: number,
    private readonly perKey: number,
  ) {}

  /** Counts one quote; answers the seconds to wait when over a limit, else 0. */
  admit(key: string, address: string, now = Date.now()): number {
    const byKey = this.take(`k:${key}`, this.perKey, now);
    const byAddress = this.take(`a:${key}:${address}`, this.perAddress, now);
    return Math.max(byKey, byAddress);
  }

  private take(name: string, limit: number, now: number): number {
    let window = this.windows.get(name);
    if (!window || now - window.start >= WINDOW_MS) {
      if (window) this.windows.delete(name);
      else if (this.windows.size >= MAX_WINDOWS) this.windows.delete(this.windows.keys().next().value as string);
      window = { start: now, count: 0 };
      this.windows.set(name, window);
    }
    window.count += 1;
    return window.count > limit ? Math.max(1, Math.ceil((window.start + WINDOW_MS - now) / 1000)) : 0;
  }
}
