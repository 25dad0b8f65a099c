/** Core's protocol renderer in all five languages: every sentence and label it asks for exists, and nothing stays a code. */
import { describe, expect, it } from 'vitest';
import type { ProtocolEntryRecord } from '../../../src/core/api';
import { LANGUAGES } from '../../../src/core/languages';
import { changesLine, databaseLabel, describeSummary, entryActionName } from '../../../src/core/protocol/describe';
import { protocolReader } from '../../../src/server/protocol/messages';

const entry = (
  step: string,
  changes: ProtocolEntryRecord['changes'],
  record_label = '→ Demo factors 2024 2024',
  params: object = {},
): ProtocolEntryRecord => ({
  id: 1,
  at: '2026-11-24T00:35:51.195Z',
  mandant_id: 1,
  user_id: 3,
  user_email: 'a@b.example',
  user_name: 'Anna',
  action: 'migrated',
  resource: 'migrations',
  record_id: '1',
  record_label,
  summary: { params: { step, count: 1200, excluded: 0, ...params } },
  changes,
  ip: null,
  refs: { users: { '3': 'Anna Admin' } },
});

describe('protocol renderer', () => {
  it('names a database by name and version label once', () => {
    expect(databaseLabel('Demo factors 2024', '2024')).toBe('Demo factors 2024');
    expect(databaseLabel('Ecoinvent', '3.10')).toBe('Ecoinvent 3.10');
  });

  for (const language of LANGUAGES) {
    it(`renders migration steps, statuses, user ids and dates in ${language}`, () => {
      const reader = protocolReader(language);
      const steps = ['preview', 'apply', 'discard', 'rollback'].map((step) => entry(step, null));
      const sentences = steps.map((e) => describeSummary(reader, e));
      expect(new Set(sentences).size).toBe(4);
      expect(new Set(steps.map((e) => entryActionName(reader, e))).size).toBe(4);
      for (const sentence of sentences) {
        expect(sentence).not.toMatch(/%\{|Demo factors 2024 2024|→/);
        // Old entries without a stored target still name the database once.
        expect(sentence).toContain('Demo factors 2024');
      }
      const line = changesLine(
        reader,
        entry('apply', {
          status: { old: 'previewed', new: 'applied' },
          applied_by: { old: null, new: 3 },
          rolled_back_at: { old: null, new: '2026-11-24T00:35:51.195Z' },
          frozen: { old: false, new: true },
          version: { old: 1, new: 2 },
          updated_at: { old: 'x', new: 'y' },
        }),
      );
      expect(line).toContain('Anna Admin');
      expect(line).not.toMatch(/previewed|applied_by|rolled_back|\bfalse\b|\btrue\b|version|updated_at|2026-11-24T/);
    });
  }

  it('reads German and English as people write them', () => {
    const rollback = entry('rollback', { status: { old: 'applied', new: 'rolled_back' } }, '→ Demo-Faktoren 2024', {
      target: 'Demo-Faktoren 2024',
    });
    expect(describeSummary(protocolReader('de'), rollback)).toBe('Migration auf „Demo-Faktoren 2024“ zurückgenommen');
    expect(changesLine(protocolReader('de'), rollback)).toBe('Status: Angewendet → Zurückgenommen');
    expect(describeSummary(protocolReader('en'), entry('apply', null))).toBe(
      'Migration to "Demo factors 2024" applied – calculations: 1,200',
    );
    expect(describeSummary(protocolReader('de'), entry('apply', null))).toBe(
      'Migration auf „Demo factors 2024“ angewendet – Kalkulationen: 1.200',
    );
  });
});
