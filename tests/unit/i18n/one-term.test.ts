/** One word for one thing in the German interface (issue #35): the machine's set-up time is "Rüstzeit" everywhere. */
import fs from 'node:fs';
import path from 'node:path';
import { expect, it } from 'vitest';

it('calls the set-up time Rüstzeit in every template and the German messages, never Einrichtezeit', () => {
  const files = [
    path.resolve('locales/de.json'),
    ...fs
      .readdirSync(path.resolve('schemas/templates'))
      .filter((name) => name.endsWith('.json'))
      .map((name) => path.resolve('schemas/templates', name)),
  ];
  const offenders = files.filter((file) => /Einrichtezeit/i.test(fs.readFileSync(file, 'utf8')));
  expect(offenders).toEqual([]);
  expect(fs.readFileSync(path.resolve('locales/de.json'), 'utf8')).toContain('Rüstzeit');
});
