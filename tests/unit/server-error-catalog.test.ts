/**
 * The server's own error messages are written in English and translated at the boundary. Every literal message in
 * the modules below must have a catalog entry, or German readers would meet English text.
 */
import { readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { ERROR_CATALOG } from '../../src/server/i18n/error-catalog';
import { translateMessage } from '../../src/server/i18n/translate';
import { LANGUAGES } from '../../src/core/languages';

const ROOT = path.resolve(import.meta.dirname, '../../src/server');
const COVERED = ['http', 'auth', 'users', 'invitations', 'mandants', 'protocol', 'api-tokens', 'templates', 'factors', 'machines', 'migrations', 'collections', 'offsets', 'orders', 'imports', 'statistics', 'spa.ts', 'health.ts'];

function sources(entry: string): string[] {
  const full = path.join(ROOT, entry);
  if (!statSync(full, { throwIfNoEntry: false })) return [];
  if (statSync(full).isFile()) return [full];
  return readdirSync(full).flatMap((name) => sources(path.join(entry, name))).filter((f) => f.endsWith('.ts'));
}

/** Literal first arguments of the error helpers; `${…}` placeholders become sample values. */
function thrownMessages(): string[] {
  const found = new Set<string>();
  const call = /\b(?:badRequest|conflict|notFound|unauthorized|forbidden)\(\s*(?:'([^']*)'|`([^`]*)`)/g;
  for (const file of COVERED.flatMap(sources)) {
    for (const match of readFileSync(file, 'utf8').matchAll(call)) {
      found.add((match[1] ?? match[2]!).replace(/\$\{[^}]*\}/g, 'x1'));
    }
  }
  return [...found];
}

describe('server error catalog', () => {
  it('has every language for every entry, with the same placeholders', () => {
    for (const entry of ERROR_CATALOG) {
      const placeholders = (text: string) => (text.match(/\{\d\}/g) ?? []).sort().join();
      for (const lang of LANGUAGES) {
        expect(entry[lang], `${entry.en} (${lang})`).toBeTruthy();
        expect(placeholders(entry[lang]), `${entry.en} (${lang})`).toBe(placeholders(entry.en));
      }
    }
  });

  it('covers every message thrown by the foundation modules', () => {
    const messages = thrownMessages();
    expect(messages.length).toBeGreaterThan(30);
    const untranslated = messages.filter((m) => translateMessage(m, 'de') === m);
    expect(untranslated).toEqual([]);
  });

  it('carries variable parts over and leaves unknown (already localised) messages alone', () => {
    expect(translateMessage('Cannot sort by "password_hash".', 'de')).toBe('Nach „password_hash“ kann nicht sortiert werden.');
    expect(translateMessage('At most 1000 records per request.', 'it')).toBe('Al massimo 1000 record per richiesta.');
    expect(translateMessage('Die Eingaben sind ungültig.', 'fr')).toBe('Die Eingaben sind ungültig.');
    expect(translateMessage('Cannot sort by "x".', 'en')).toBe('Cannot sort by "x".');
  });
});
