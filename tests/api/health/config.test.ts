/** The health check when the database goes away (the configuration's own tests: tests/unit/config/config.test.ts). */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { buildApp } from '../../../src/server/app';
import { loadConfig } from '../../../src/server/config';

describe('GET /api/health', () => {
  it('answers 503 when the database is gone', async () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'kontor-health-'));
    const app = await buildApp({
      config: loadConfig({ DATA_DIR: dir, LOG_LEVEL: 'silent', SEED_DEMO: 'false', STATIC_DIR: dir }),
    });
    try {
      expect((await app.inject('/api/health')).statusCode).toBe(200);
      await app.kontor.db.destroy();
      const res = await app.inject('/api/health');
      expect(res.statusCode).toBe(503);
      expect(res.json()).toMatchObject({ status: 'degraded', database: 'sqlite' });
    } finally {
      await app.close().catch(() => undefined);
      fs.rmSync(dir, { recursive: true, force: true });
    }
  });
});
