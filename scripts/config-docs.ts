/**
 * `npm run docs:config`: writes the README's table of environment variables from the configuration schema
 * (`ENVIRONMENT` in src/server/config.ts); `tests/unit/config/config.test.ts` fails when the two disagree.
 */
import { readFileSync, writeFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { format, resolveConfig } from 'prettier';
import { environmentTable } from '../src/server/config';

export const README_PATH = fileURLToPath(new URL('../README.md', import.meta.url));
const START = '<!-- generated:environment -->';
const END = '<!-- /generated:environment -->';

/** The README with the table written afresh, formatted as `prettier --write` leaves it. */
export async function readmeWithEnvironmentTable(readme: string): Promise<string> {
  const from = readme.indexOf(START);
  const to = readme.indexOf(END);
  if (from < 0 || to < from) throw new Error(`README.md: the markers ${START} … ${END} are missing`);
  const written = `${readme.slice(0, from + START.length)}\n\n${environmentTable()}\n\n${readme.slice(to)}`;
  return format(written, { ...(await resolveConfig(README_PATH)), filepath: README_PATH });
}

if (process.argv[1] && resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  writeFileSync(README_PATH, await readmeWithEnvironmentTable(readFileSync(README_PATH, 'utf8')));
  console.log(`written ${README_PATH}`);
}
