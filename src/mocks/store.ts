/**
 * The mock API's in-memory store: the server's demo data as the server answered it (a recording, see
 * scripts/mock-recording.ts), changed by the mocked writes. Tenant scope follows the server's rule: a provider admin
 * sees every mandant, everyone else their own mandant's rows and the shared ones (mandant_id null).
 */
import type { SessionUser } from '../core/api';
import type { MockRecording, RecordedAccount } from './recording';
import type { ScenarioState } from './scenarios';

export type Row = Record<string, unknown>;

/** Resources whose rows belong to one mandant's work: empty in the "empty mandant" scenario. */
const WORK_RESOURCES = new Set(['calculations', 'collections', 'orders', 'imports', 'migrations', 'migration-items']);

/** How many calculations the "large mandant" scenario lists. */
export const LARGE_MANDANT_CALCULATIONS = 10_000;

export class MockStore {
  readonly records: Map<string, Map<string, Row>>;
  readonly accounts: RecordedAccount[];
  readonly password: string;
  /** Custom answers (tags, statistics, template versions …) by path, as the server gave them to each account. */
  private readonly answers: Map<string, Map<string, unknown>>;
  private readonly large = new Map<number, Row[]>();
  private counter = 100_000;

  constructor(private readonly recording: Pick<MockRecording, 'records' | 'accounts' | 'password'>) {
    this.records = new Map();
    this.accounts = [];
    this.answers = new Map();
    this.password = recording.password;
    this.reset();
  }

  /** Back to the recording: every mocked write forgotten (the UI suite, after each test). */
  reset(): void {
    const copy = structuredClone(this.recording);
    this.records.clear();
    for (const [resource, rows] of Object.entries(copy.records))
      this.records.set(resource, new Map(Object.entries(rows)));
    this.accounts.splice(0, this.accounts.length, ...copy.accounts);
    this.answers.clear();
    for (const account of copy.accounts) this.answers.set(account.email, new Map(Object.entries(account.answers)));
    this.large.clear();
  }

  table(resource: string): Map<string, Row> {
    let table = this.records.get(resource);
    if (!table) this.records.set(resource, (table = new Map()));
    return table;
  }

  nextId(resource: string): number {
    const ids = [...this.table(resource).keys()].map(Number).filter(Number.isFinite);
    return Math.max(0, ...ids) + 1;
  }

  /** A fresh number for what has no table (tokens, publications' tokens). */
  sequence(): number {
    return ++this.counter;
  }

  account(email: string): RecordedAccount | undefined {
    return this.accounts.find((account) => account.email.toLowerCase() === email.toLowerCase());
  }

  /** A recorded custom answer for this user (or, for shared data, any account's). */
  answer(user: SessionUser, path: string): unknown {
    return this.answers.get(user.email)?.get(path);
  }

  setAnswer(user: SessionUser, path: string, value: unknown): void {
    this.answers.get(user.email)?.set(path, value);
  }

  /** Any account's recorded answer of a path (template versions are the provider admin's). */
  anyAnswer(path: string): unknown {
    for (const answers of this.answers.values()) if (answers.has(path)) return answers.get(path);
    return undefined;
  }

  /** The rows `user` may see, with the scenarios' changes applied. */
  visible(resource: string, user: SessionUser, scenario: ScenarioState): Row[] {
    let rows = [...this.table(resource).values()].filter((row) => this.inScope(resource, row, user));
    const own = user.mandant_id;
    if (own !== null && WORK_RESOURCES.has(resource) && scenario.mandantData === 'empty') {
      rows = rows.filter((row) => row.mandant_id !== own);
    }
    if (resource === 'calculations') {
      if (own !== null && scenario.mandantData === 'large') rows = [...rows, ...this.largeCalculations(own)];
      rows = rows.map((row) => this.withCalculationScenarios(row, scenario));
    }
    return rows;
  }

  find(resource: string, id: string, user: SessionUser, scenario: ScenarioState): Row | undefined {
    const row = this.table(resource).get(id);
    if (row && this.inScope(resource, row, user)) {
      return resource === 'calculations' ? this.withCalculationScenarios(row, scenario) : row;
    }
    if (resource === 'calculations' && scenario.mandantData === 'large' && user.mandant_id !== null) {
      return this.largeCalculations(user.mandant_id).find((candidate) => String(candidate.id) === id);
    }
    return undefined;
  }

  inScope(resource: string, row: Row, user: SessionUser): boolean {
    if (user.role === 'provider_admin') return true;
    if (resource === 'mandants') return row.id === user.mandant_id;
    if (!('mandant_id' in row)) return true;
    return row.mandant_id === null || row.mandant_id === user.mandant_id;
  }

  /** The first calculation of each mandant (lowest id): the one the locked and old-version scenarios change. */
  private isFirstOfMandant(row: Row): boolean {
    const first = [...this.table('calculations').values()]
      .filter((candidate) => candidate.mandant_id === row.mandant_id)
      .sort((a, b) => Number(a.id) - Number(b.id))[0];
    return first?.id === row.id;
  }

  private withCalculationScenarios(row: Row, scenario: ScenarioState): Row {
    if (!scenario.lockedCalculation && !scenario.oldTemplateVersion) return row;
    if (!this.isFirstOfMandant(row)) return row;
    const changed = { ...row };
    if (scenario.lockedCalculation) changed.frozen = true;
    if (scenario.oldTemplateVersion) {
      const versions = this.anyAnswer(`/api/templates/${String(row.template_id)}/versions`) as
        { version: number }[] | undefined;
      const oldest = Math.min(...(versions ?? []).map((v) => v.version), Number(row.template_version));
      changed.template_version = oldest;
    }
    return changed;
  }

  /** 10,000 calculations of a mandant: its demo calculations over and over, numbered on (made once, on demand). */
  private largeCalculations(mandantId: number): Row[] {
    let rows = this.large.get(mandantId);
    if (rows) return rows;
    const models = [...this.table('calculations').values()].filter((row) => row.mandant_id === mandantId);
    rows = [];
    const existing = models.length;
    for (let n = existing; n < LARGE_MANDANT_CALCULATIONS && models.length > 0; n++) {
      const model = models[n % models.length]!;
      const id = 1_000_000 * mandantId + n;
      rows.push({
        ...model,
        id,
        number: `K-2026-${String(n + 1).padStart(6, '0')}`,
        title: `${String(model.title)} #${n + 1}`,
      });
    }
    this.large.set(mandantId, rows);
    return rows;
  }
}
