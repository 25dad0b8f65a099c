/**
 * Rendered verification pages, kept (issue 32): a publication is a frozen snapshot, so a page once rendered stays
 * right until the publication is revoked. Least recently used first out, bounded by bytes (VERIFY_CACHE_BYTES), not
 * by entries: one page of a thousand-calculation collection weighs as much as dozens of small ones. Whether a token is
 * still live is asked of the database on every request, before the cache (a revoked page answers 404 at once, and
 * as fast as an unknown one); revoking also drops its pages here to free the room.
 * Concurrent first requests for the same page share one rendering.
 */
/** A page's bytes and the entry around them: empty answers (no such page) are not free to keep either. */
const weight = (page: Buffer) => page.length + 256;

export class PageCache {
  private readonly pages = new Map<string, Buffer>();
  private readonly rendering = new Map<string, Promise<Buffer>>();
  private bytes = 0;

  constructor(private readonly maxBytes: number) {}

  /** The page under `key`, rendered by `render` unless kept or already being rendered. */
  async page(key: string, render: () => Promise<Buffer>): Promise<Buffer> {
    const kept = this.pages.get(key);
    if (kept) {
      // Map order is insertion order: re-inserting makes it the most recently used.
      this.pages.delete(key);
      this.pages.set(key, kept);
      return kept;
    }
    const running = this.rendering.get(key);
    if (running) return running;
    const rendered = render().finally(() => this.rendering.delete(key));
    this.rendering.set(key, rendered);
    this.keep(key, await rendered);
    return rendered;
  }

  private keep(key: string, page: Buffer) {
    if (weight(page) > this.maxBytes) return;
    this.pages.set(key, page);
    this.bytes += weight(page);
    for (const [oldest, kept] of this.pages) {
      if (this.bytes <= this.maxBytes) break;
      this.pages.delete(oldest);
      this.bytes -= weight(kept);
    }
  }

  /** Drops every page whose key starts with `prefix` (a revoked publication's). */
  forget(prefix: string) {
    for (const [key, page] of this.pages)
      if (key.startsWith(prefix)) {
        this.pages.delete(key);
        this.bytes -= weight(page);
      }
  }
}
