/**
 * Dependency rules, checked by `npm run lint` (dependency-cruiser): no import circles, the shared core imports
 * neither side, the two sides do not import each other, and inside src/server and src/client every arrow points down
 * the layers docs/architecture.md names ("Layers"). A layer may import its own layer and every layer below it.
 */

// Server layers, bottom to top.
const SERVER = {
  platform: [
    '^src/server/(config|refusals|process-group|services|version|platform)[.]ts$',
    '^src/server/(db|http|i18n|mail|pdf|audit)/',
  ],
  identity: ['^src/server/auth/'],
  // A module's demo rows (`<module>/demo.ts`) belong to the seed layer, not to the module: only seeding reads them.
  seed: ['^src/server/seed/', '^src/server/[^/]+/demo[.]ts$'],
  app: ['^src/server/(app|main|routes|spa)[.]ts$'],
};
// Everything else in src/server is a domain module (between identity and seed).
const SERVER_DOMAIN_NOT = [...SERVER.platform, ...SERVER.identity, ...SERVER.seed, ...SERVER.app];

/**
 * The domain modules in tiers, bottom to top, derived from their imports (docs/architecture.md, "Layers"). Leaves
 * import no other domain module; the tops are imported by none. Between them each module of the middle is a tier of
 * its own, in the order templates < factors < calculations < collections < mandants < orders < reports <
 * storefronts: a module imports only those before it. Where a lower module needs something of a higher one, the
 * higher one gives it at plugin registration (routes.ts: `templates(calculationUsage)`, `orders({ completed })`).
 */
const MIDDLE = ['templates', 'factors', 'calculations', 'collections', 'mandants', 'orders', 'reports', 'storefronts'];
const DOMAIN = {
  leaves: ['^src/server/(api-tokens|machines|offsets|units|users)/', '^src/server/health[.]ts$'],
  ...Object.fromEntries(MIDDLE.map((module) => [module, [`^src/server/${module}/`]])),
  tops: ['^src/server/(imports|migrations|statistics|protocol|invitations)/'],
};

// Client layers, bottom to top.
const CLIENT = {
  platform: ['^src/client/(providers|i18n|layout|shell|monitoring)/'],
  app: ['^src/client/(App|main)[.]tsx?$', '^src/client/signin/'],
};
const CLIENT_SCREENS_NOT = [...CLIENT.platform, ...CLIENT.app];

/**
 * The screens in tiers, bottom to top, derived from their imports (docs/architecture.md, "Layers"). Leaves import no
 * other screen; the tops are imported by none. Between them each folder of the middle is a tier of its own, in the
 * order machines < factors < field-types < template-forms < compare < storefronts < orders < collections <
 * migrations < pages < calculations: a folder imports only those before it.
 */
const SCREENS_MIDDLE = [
  'machines',
  'factors',
  'field-types',
  'template-forms',
  'compare',
  'storefronts',
  'orders',
  'collections',
  'migrations',
  'pages',
  'calculations',
];
const SCREENS = {
  leaves: ['^src/client/(mandants|offsets|protocol|reports|statistics|units|users)/'],
  ...Object.fromEntries(SCREENS_MIDDLE.map((folder) => [folder, [`^src/client/${folder}/`]])),
  tops: ['^src/client/(dashboard|imports|invitations|template-editor)/'],
};

const any = (patterns) => patterns.join('|');

/** One rule per pair (lower layer, higher layer): the lower one must not import the higher one. */
function upward(side, lower, higher) {
  return {
    name: `${side}-layers:${lower.name}-not-to-${higher.name}`,
    comment: `src/${side}: the ${lower.name} layer sits below the ${higher.name} layer (docs/architecture.md, "Layers").`,
    severity: 'error',
    from: lower.from,
    to: higher.to,
  };
}

const serverLayers = [
  { name: 'platform', from: { path: any(SERVER.platform) }, to: { path: any(SERVER.platform) } },
  { name: 'identity', from: { path: any(SERVER.identity) }, to: { path: any(SERVER.identity) } },
  ...Object.keys(DOMAIN).map((tier) => ({
    name: `domain-${tier}`,
    from: { path: any(DOMAIN[tier]), pathNot: any(SERVER_DOMAIN_NOT) },
    to: { path: any(DOMAIN[tier]), pathNot: any(SERVER_DOMAIN_NOT) },
  })),
  {
    // A new folder no tier names sits above the tiers (nothing named may import it) until it is given its tier.
    name: 'domain',
    from: { path: '^src/server/', pathNot: any([...SERVER_DOMAIN_NOT, ...Object.values(DOMAIN).flat()]) },
    to: { path: '^src/server/', pathNot: any([...SERVER_DOMAIN_NOT, ...Object.values(DOMAIN).flat()]) },
  },
  { name: 'seed', from: { path: any(SERVER.seed) }, to: { path: any(SERVER.seed) } },
  { name: 'app', from: { path: any(SERVER.app) }, to: { path: any(SERVER.app) } },
];
const clientLayers = [
  { name: 'platform', from: { path: any(CLIENT.platform) }, to: { path: any(CLIENT.platform) } },
  ...Object.keys(SCREENS).map((tier) => ({
    name: `screens-${tier}`,
    from: { path: any(SCREENS[tier]), pathNot: any(CLIENT_SCREENS_NOT) },
    to: { path: any(SCREENS[tier]), pathNot: any(CLIENT_SCREENS_NOT) },
  })),
  {
    // A new folder no tier names sits above the tiers (nothing named may import it) until it is given its tier.
    name: 'screens',
    from: { path: '^src/client/', pathNot: any([...CLIENT_SCREENS_NOT, ...Object.values(SCREENS).flat()]) },
    to: { path: '^src/client/', pathNot: any([...CLIENT_SCREENS_NOT, ...Object.values(SCREENS).flat()]) },
  },
  { name: 'app', from: { path: any(CLIENT.app) }, to: { path: any(CLIENT.app) } },
];

const layerRules = (side, layers) =>
  layers.flatMap((lower, i) => layers.slice(i + 1).map((higher) => upward(side, lower, higher)));

module.exports = {
  forbidden: [
    {
      name: 'no-circular',
      comment: 'No import circles anywhere in src (type-only imports included).',
      severity: 'error',
      from: { path: '^src/' },
      to: { circular: true },
    },
    {
      name: 'no-unresolvable',
      comment: 'An import that leads nowhere (a moved file); TypeScript lets a side-effect import of one pass.',
      severity: 'error',
      from: { path: '^src/' },
      to: { couldNotResolve: true, pathNot: '^virtual:' },
    },
    {
      name: 'core-imports-neither-side',
      comment: 'src/core is shared by the server and the browser: it imports only itself and packages.',
      severity: 'error',
      from: { path: '^src/core/' },
      to: { path: '^src/', pathNot: '^src/core/' },
    },
    {
      name: 'client-not-to-server',
      comment: 'The browser reaches the server over HTTP only; what both need lives in src/core.',
      severity: 'error',
      from: { path: '^src/client/' },
      to: { path: '^src/server/' },
    },
    {
      name: 'server-not-to-client',
      comment: 'The server never imports browser code; what both need lives in src/core.',
      severity: 'error',
      from: { path: '^src/server/' },
      to: { path: '^src/client/' },
    },
    ...layerRules('server', serverLayers),
    ...layerRules('client', clientLayers),
  ],
  options: {
    doNotFollow: { path: 'node_modules' },
    exclude: { path: '^(node_modules|dist)/' },
    tsPreCompilationDeps: true,
    tsConfig: { fileName: 'tsconfig.json' },
    enhancedResolveOptions: {
      exportsFields: ['exports'],
      conditionNames: ['import', 'require', 'node', 'default', 'types'],
      extensions: ['.ts', '.tsx', '.js', '.mjs', '.cjs', '.json', '.d.ts'],
    },
  },
};
