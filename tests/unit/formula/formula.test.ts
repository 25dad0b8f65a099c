import { describe, expect, it } from 'vitest';
import {
  CalculationError,
  buildFormulaScope,
  checkFormula,
  computeResults,
  orderResults,
  parseFormula,
  tryComputeResults,
  FormulaSyntaxError,
} from '../../../src/core/formula';
import type { FactorLookup, Template } from '../../../src/core/template';

const L = (text: string) => ({ de: text, en: text, fr: text, it: text, es: text });

/** A minimal template with one result whose formula is under test. */
function templateWith(formula: string, extraResults: { name: string; formula: string }[] = []): Template {
  return {
    id: 't',
    version: 1,
    type: 'product',
    icon: 'Science',
    label: L('T'),
    groups: [
      {
        id: 'general',
        label: L('General'),
        fields: [
          { name: 'a', type: 'number', label: L('A') },
          { name: 'b', type: 'number', label: L('B') },
          { name: 'n', type: 'integer', label: L('N'), default: 3 },
          { name: 'flag', type: 'boolean', label: L('Flag') },
          {
            name: 'kind',
            type: 'select',
            label: L('Kind'),
            options: [
              { value: 'x', label: L('X'), data: { area: 2, name: 'ex' } },
              { value: 'y', label: L('Y'), data: { area: 5, name: 'why' } },
            ],
          },
          { name: 'paper', type: 'factor', category: 'paper', label: L('Paper') },
          { name: 'labels', type: 'tags', label: L('Labels') },
        ],
      },
      {
        id: 'legs',
        label: L('Legs'),
        repeatable: true,
        fields: [
          { name: 'km', type: 'number', label: L('Km') },
          { name: 'mode', type: 'factor', category: 'transport', label: L('Mode') },
        ],
      },
    ],
    results: [
      ...extraResults.map((result) => ({ ...result, label: L(result.name), unit: 'x' })),
      { name: 'out', label: L('Out'), unit: 'x', formula, primary: true },
    ],
    list: { columns: ['a'] },
  };
}

const factors: Record<string, number> = { paper_virgin: 0.9, truck: 0.112, rail: 0.018 };
const lookup: FactorLookup = (key) =>
  key in factors
    ? { key, value: factors[key], unit: key === 'paper_virgin' ? 'kg' : 't·km', source: `source of ${key}` }
    : undefined;

function run(formula: string, inputs: Record<string, unknown> = {}) {
  return computeResults(templateWith(formula), inputs, lookup).primary;
}

function staticErrors(formula: string): string[] {
  const template = templateWith('1');
  return checkFormula(parseFormula(formula), buildFormulaScope(template, new Set(Object.keys(factors)))).errors.map(
    (e) => (typeof e === 'string' ? e : e.message),
  );
}

describe('formula evaluation', () => {
  it.each([
    ['1 + 2 * 3', 7],
    ['(1 + 2) * 3', 9],
    ['2 ** 3 ** 2', 512],
    ['7 % 4', 3],
    ['-a + +b', 1],
    ['a / b', 2 / 3],
    ['a > b ? 10 : 20', 20],
    ['if(a < b && !flag, 1, 2)', 1],
    ['if(flag || a == 2, 1, 2)', 1],
    ['if(a != 2, 1, 0)', 0],
    ['min(a, b, 1.5)', 1.5],
    ['max(a, b, 1.5)', 3],
    ['round(2.345, 2)', 2.35],
    ['round(1.005, 2)', 1.01],
    ['round(-2.5)', -3],
    ['round(1234, -2)', 1200],
    ['ceil(1.2) + floor(1.8) + abs(-4)', 7],
    ['n * 2', 6],
    ["option('kind').area * 10", 20],
    ['option(kind).area', 2],
    ["option(kind)['area']", 2],
    ["if(option('kind').name == 'ex', 1, 0)", 1],
    ['factor(paper) * 100', 90],
    ["factor('rail') * 1000", 18],
    ['sum(legs, km * factor(mode))', 100 * 0.112 + 50 * 0.018],
    ['sum(legs, km * a)', 300],
    ['count(legs)', 2],
    ['count(labels)', 2],
  ])('%s = %s', (formula, expected) => {
    const value = run(formula, {
      a: 2,
      b: 3,
      flag: false,
      kind: 'x',
      paper: 'paper_virgin',
      labels: ['p', 'q'],
      legs: [
        { km: 100, mode: 'truck' },
        { km: 50, mode: 'rail' },
      ],
    });
    expect(value).toBeCloseTo(expected as number, 10);
  });

  it('sums over a missing group as zero and counts it as empty', () => {
    expect(run('sum(legs, km) + count(legs)')).toBe(0);
  });

  it('evaluates results in dependency order and records the factors each used', () => {
    const template = templateWith('paper_kg * factor(paper) + legs_co2e', [
      { name: 'legs_co2e', formula: 'sum(legs, paper_kg / 1000 * km * factor(mode))' },
      { name: 'paper_kg', formula: 'a * 100' },
    ]);
    const computed = computeResults(
      template,
      { a: 2, paper: 'paper_virgin', legs: [{ km: 500, mode: 'truck' }] },
      lookup,
    );
    expect(computed.results).toEqual({
      legs_co2e: 0.2 * 500 * 0.112,
      paper_kg: 200,
      out: 200 * 0.9 + 0.2 * 500 * 0.112,
    });
    expect(computed.primary).toBe(computed.results.out);
    expect(computed.primaryName).toBe('out');
    const out = computed.breakdown.find((entry) => entry.name === 'out');
    expect(out?.factors).toEqual([{ key: 'paper_virgin', value: 0.9, unit: 'kg', source: 'source of paper_virgin' }]);
    expect(out?.uses.sort()).toEqual(['legs_co2e', 'paper_kg']);
    expect(computed.breakdown.find((entry) => entry.name === 'legs_co2e')?.factors.map((factor) => factor.key)).toEqual(
      ['truck'],
    );
    expect(computed.factors.map((factor) => factor.key).sort()).toEqual(['paper_virgin', 'truck']);
  });

  it('never yields NaN or Infinity: division by zero is a calculation error', () => {
    const outcome = tryComputeResults(templateWith('a / b'), { a: 1, b: 0 }, lookup);
    expect(outcome.ok).toBe(false);
    if (!outcome.ok) {
      expect(outcome.error).toBeInstanceOf(CalculationError);
      expect(outcome.error.code).toBe('division_by_zero');
      expect(outcome.error.result).toBe('out');
    }
    expect(() => run('a % b', { a: 1, b: 0 })).toThrow(/division by zero/);
    expect(() => run('10 ** 400')).toThrow(CalculationError);
    expect(() => run('a * 1e308 * 10', { a: 1 })).toThrow(/finite/);
  });

  it('reports missing inputs, unknown factors and unknown options', () => {
    expect(() => run('a + 1')).toThrow(expect.objectContaining({ code: 'missing_input', field: 'a' }));
    expect(() => run('factor(paper)', { paper: 'unobtainium' })).toThrow(
      expect.objectContaining({ code: 'unknown_factor' }),
    );
    expect(() => run("option('kind').area", { kind: 'z' })).toThrow(
      expect.objectContaining({ code: 'unknown_option' }),
    );
  });

  it('is strict about types at run time', () => {
    expect(() => run('a + flag', { a: 1, flag: true })).toThrow(expect.objectContaining({ code: 'type' }));
    expect(() => run('if(a, 1, 2)', { a: 1 })).toThrow(/true\/false/);
    expect(() => run('a + 1', { a: '1' })).toThrow(expect.objectContaining({ code: 'type' }));
    expect(() => run("option('kind') + 1", { kind: 'x' })).toThrow(expect.objectContaining({ code: 'type' }));
    expect(() => run('labels == labels', { labels: [] })).toThrow(/lists/);
  });

  it('is lazy in if(), ?: , && and || (hidden fields are never read)', () => {
    expect(run('if(flag, a, 0)', { flag: false })).toBe(0);
    expect(run('flag ? a : 1', { flag: false })).toBe(1);
    expect(run('if(flag && a > 0, 1, 2)', { flag: false })).toBe(2);
    expect(run('if(!flag || a > 0, 1, 2)', { flag: false })).toBe(1);
  });

  it('uses defaults for missing values and ignores option data prototypes', () => {
    expect(run('n')).toBe(3);
    expect(staticErrors("option('kind').toString")).toEqual(["options 'x', 'y' of 'kind' have no data 'toString'"]);
    expect(staticErrors("option('kind').hasOwnProperty")).toEqual([
      "options 'x', 'y' of 'kind' have no data 'hasOwnProperty'",
    ]);
  });

  it('is deterministic', () => {
    const inputs = { a: 1.1, b: 2.2, legs: [{ km: 3.3, mode: 'truck' }] };
    const formula = 'sum(legs, km * factor(mode)) / (a + b)';
    expect(run(formula, inputs)).toBe(run(formula, inputs));
  });
});

describe('hostile formulas', () => {
  it.each([
    ['constructor', /'constructor' is not allowed/],
    ['__proto__', /'__proto__' is not allowed/],
    ['prototype', /'prototype' is not allowed/],
    ["option('kind').constructor", /'constructor' is not allowed/],
    ["option('kind')['__proto__']", /'__proto__' is not allowed/],
    ["option('kind')[a]", /computed member access/],
    ['this', /'this' is not allowed/],
    ['this.a', /'this' is not allowed/],
    ['[1, 2]', /array/],
    ['a, b', /sequence/],
    ['a; b', /sequence/],
    ['~a', /operator '~'/],
    ['a | b', /operator '\|'/],
    ['a & b', /operator '&'/],
    ['a << 2', /operator '<<'/],
    ['a?.b', /optional chaining|only allowed/],
    ['a()()', /only named functions/],
    ['(a)(1)', /not a function|only named functions/],
    ['null', /literal null/],
    ['', /empty formula/],
    ['1 +', /a value is missing after '\+'/],
    ['(((1)', /bracket '\(' is never closed/],
    ["'unterminated", /quotation mark is never closed/],
  ])('refuses %s', (formula, message) => {
    let problem: unknown;
    try {
      const errors = staticErrors(formula);
      if (errors.length) problem = new Error(errors.join('; '));
    } catch (error) {
      problem = error;
    }
    expect(problem).toBeInstanceOf(Error);
    expect((problem as Error).message).toMatch(message);
  });

  it('refuses deep nesting before the parser can overflow the stack', () => {
    const deep = `${'('.repeat(100000)}1${')'.repeat(100000)}`;
    expect(() => parseFormula(deep)).toThrow(FormulaSyntaxError);
    expect(() => parseFormula(deep)).toThrow(/longer than|nested deeper/);
    const nested = `${'('.repeat(60)}1${')'.repeat(60)}`;
    expect(() => parseFormula(nested)).toThrow(/nested deeper than 40/);
    const chain = Array.from({ length: 60 }, () => '-').join('') + '1';
    expect(() => parseFormula(chain)).toThrow(/nested deeper/);
    const calls = `${'abs('.repeat(45)}1${')'.repeat(45)}`;
    expect(() => parseFormula(calls)).toThrow(/nested deeper/);
    expect(() => parseFormula(`${'('.repeat(30)}1${')'.repeat(30)}`)).not.toThrow();
  });

  it('refuses calls on values that are not functions', () => {
    expect(staticErrors('a(1)')).toEqual(["'a' is not a function"]);
    expect(staticErrors('legs(1)')).toEqual(["'legs' is not a function"]);
    expect(staticErrors('out(1)')).toEqual(["'out' is not a function"]);
    expect(staticErrors('eval(1)')).toEqual(["unknown function 'eval'"]);
    expect(staticErrors('Function(1)')).toEqual(["unknown function 'Function'"]);
  });

  it('has no globals', () => {
    for (const name of ['globalThis', 'process', 'window', 'Math', 'JSON', 'require', 'undefined', 'NaN', 'Infinity']) {
      expect(staticErrors(name)).toEqual([`unknown identifier '${name}'`]);
    }
  });

  it('refuses forbidden names at run time too, even if the static check was skipped', () => {
    const template = templateWith('1');
    const ast = parseFormula('1');
    // Hand-built ASTs stand for anything that bypassed parseFormula.
    const hostile = [
      { type: 'Identifier', name: 'constructor' },
      {
        type: 'MemberExpression',
        computed: false,
        object: {
          type: 'CallExpression',
          callee: { type: 'Identifier', name: 'option' },
          arguments: [{ type: 'Literal', value: 'kind', raw: "'kind'" }],
        },
        property: { type: 'Identifier', name: '__proto__' },
      },
      {
        type: 'MemberExpression',
        computed: false,
        object: {
          type: 'CallExpression',
          callee: { type: 'Identifier', name: 'option' },
          arguments: [{ type: 'Literal', value: 'kind', raw: "'kind'" }],
        },
        property: { type: 'Identifier', name: 'toString' },
      },
      { type: 'ThisExpression' },
      { type: 'CallExpression', callee: { type: 'Identifier', name: 'constructor' }, arguments: [] },
      { type: 'ArrayExpression', elements: [] },
    ];
    return import('../../../src/core/formula/evaluate').then(({ compileFormula }) => {
      expect(ast.type).toBe('Literal');
      for (const node of hostile) {
        // Compiling never throws: the fault is the row's, raised when it runs.
        const formula = compileFormula(node as never, buildFormulaScope(template), new Map());
        expect(() =>
          formula({
            inputs: { kind: 'x' },
            results: [],
            item: undefined,
            factorLookup: lookup,
            production: undefined,
            readFactor: () => undefined,
            readProduction: () => undefined,
          }),
        ).toThrow(CalculationError);
      }
    });
  });
});

describe('static checks', () => {
  it.each([
    ['facter(paper)', ["unknown function 'facter'"]],
    ['bogus + 1', ["unknown identifier 'bogus'"]],
    ['round()', ['round() takes 1 to 2 arguments, got 0: round(x, digits?)']],
    ['round(1, 2, 3)', ['round() takes 1 to 2 arguments, got 3: round(x, digits?)']],
    ['if(flag, 1)', ['if() takes 3 arguments, got 2: if(condition, then, else)']],
    ['min()', ['min() takes at least 1 argument, got 0: min(a, b, …)']],
    ['factor(a)', ["factor() needs a factor field or a factor key in quotes, got 'a'"]],
    ["factor('nope')", ["unknown factor 'nope'"]],
    ['factor(1 + 1)', ['factor() needs a factor field or a factor key in quotes']],
    ['option(a).x', ["option() needs a select field, got 'a'"]],
    ["option('kind').volume", ["options 'x', 'y' of 'kind' have no data 'volume'"]],
    ['sum(a, 1)', ['sum() needs a repeatable group as its first argument']],
    ['sum(legs, sum(legs, km))', ['sum() needs a repeatable group as its first argument']],
    ['km * 2', ["unknown identifier 'km'"]],
    ['legs * 2', ["repeatable group 'legs' can only be used in sum() or count()"]],
    ['count(a)', ['count() needs a repeatable group (or a multiselect or tags field)']],
    ['a.b', ["member access ('.b') is only allowed on option(…)"]],
    ['round', ["function 'round' must be called"]],
  ])('%s → %j', (formula, expected) => {
    expect(staticErrors(formula)).toEqual(expected);
  });

  it('accepts item fields inside sum() and outer fields and results too', () => {
    expect(staticErrors('sum(legs, km * a * factor(mode)) + out')).toEqual([]);
  });

  it('orders results topologically and finds cycles', () => {
    expect(
      orderResults([
        { name: 'c', uses: ['a', 'b'] },
        { name: 'b', uses: ['a'] },
        { name: 'a', uses: [] },
      ]),
    ).toEqual({ ok: true, order: ['a', 'b', 'c'] });
    expect(
      orderResults([
        { name: 'x', uses: [] },
        { name: 'y', uses: [] },
      ]),
    ).toEqual({ ok: true, order: ['x', 'y'] });
    expect(
      orderResults([
        { name: 'a', uses: ['b'] },
        { name: 'b', uses: ['c'] },
        { name: 'c', uses: ['a'] },
      ]),
    ).toEqual({ ok: false, cycle: ['a', 'b', 'c', 'a'] });
  });
});
