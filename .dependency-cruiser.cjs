// The architecture of src/, as rules that `npm run lint` and CI check (npm run lint:deps).
// Each rule says which way a dependency may point and why; docs/guides/design.md shows the
// layers. Type-only imports count (tsPreCompilationDeps): a circle that closes through a type
// is still a circle a reader has to follow.
/** @type {import('dependency-cruiser').IConfiguration} */
module.exports = {
  forbidden: [
    {
      name: 'no-circular',
      severity: 'error',
      comment: 'No import circles, type-only ones included: every file can be read after the files it imports.',
      from: { path: '^src/' },
      to: { circular: true },
    },
    {
      name: 'errors-stand-alone',
      severity: 'error',
      comment:
        'src/errors is the bottom layer: every other part (the webhooks entry included) extends its classes, so it imports nothing else of the SDK.',
      from: { path: '^src/errors/' },
      to: { path: '^src/', pathNot: '^src/errors/' },
    },
    {
      name: 'utils-are-leaves',
      severity: 'error',
      comment: 'src/utils holds helpers shared by separate entries (client, webhooks, testing); they import nothing else of the SDK.',
      from: { path: '^src/utils/' },
      to: { path: '^src/', pathNot: '^src/utils/' },
    },
    {
      name: 'types-import-nothing',
      severity: 'error',
      comment: 'src/core/types.ts holds the types every stage shares, so that a stage can depend on them without depending on another stage.',
      from: { path: '^src/core/types\\.ts$' },
      to: { path: '^src/' },
    },
    {
      name: 'webhooks-stand-alone',
      severity: 'error',
      comment:
        'credit-platform/webhooks must load neither the HTTP client nor ky nor zod (a receiver on an edge runtime, a cold start): it reaches only src/errors and src/utils.',
      from: { path: '^src/webhooks/' },
      to: { path: '^src/(?!webhooks/|errors/|utils/)' },
    },
    {
      name: 'webhooks-load-no-client-packages',
      severity: 'error',
      comment: 'credit-platform/webhooks must not load ky or zod.',
      from: { path: '^src/webhooks/' },
      to: { dependencyTypes: ['npm', 'npm-dev', 'npm-peer', 'npm-optional', 'npm-no-pkg', 'npm-unknown'] },
    },
    {
      name: 'core-below-resources',
      severity: 'error',
      comment: 'Resources depend on the core, never the reverse: the core runs any declared operation and knows none of them.',
      from: { path: '^src/core/' },
      to: { path: '^src/(resources|client\\.ts|index\\.ts|testing|redis|cli)' },
    },
    {
      name: 'resources-on-core-only',
      severity: 'error',
      comment:
        'Resources declare operations and call them through the operation runner: they depend on core/types.ts, core/operations and core/pagination, never on the transport or config.',
      from: { path: '^src/resources/' },
      to: { path: '^src/(core/(transport|config|pacing|observability|redaction)/|client\\.ts|index\\.ts|testing|redis|cli)' },
    },
    {
      name: 'transport-through-its-core',
      severity: 'error',
      comment: 'The client reaches the transport through the HTTP core alone: outside src/core/transport, only http-core.ts may be imported.',
      from: { path: '^src/', pathNot: '^src/core/transport/' },
      to: { path: '^src/core/transport/', pathNot: '^src/core/transport/http-core\\.ts$' },
    },
    {
      name: 'ky-loaded-lazily',
      severity: 'error',
      comment: 'ky is loaded on the first request, so importing the SDK does not pay its import-time checks: by a dynamic import() only.',
      from: { path: '^src/' },
      to: { path: '(^|/)node_modules/ky/', dynamic: false, dependencyTypesNot: ['type-only'] },
    },
    {
      name: 'ky-loaded-by-its-loader',
      severity: 'error',
      comment: 'load-ky.ts is the one place that loads ky; the rest of the transport gets the module from it and imports only its types.',
      from: { path: '^src/', pathNot: '^src/core/transport/load-ky\\.ts$' },
      to: { path: '(^|/)node_modules/ky/', dependencyTypesNot: ['type-only'] },
    },
    {
      name: 'ky-in-the-transport-only',
      severity: 'error',
      comment: 'Only the transport loads ky, so importing the SDK does not.',
      from: { path: '^src/', pathNot: '^src/core/transport/' },
      to: { path: '(^|/)node_modules/ky/' },
    },
    {
      name: 'testing-on-public-pieces',
      severity: 'error',
      comment:
        "credit-platform/testing is a fake of the service built on the SDK's public pieces only (entry points, OPERATIONS, shared leaves), as a user's own fake would be.",
      from: { path: '^src/testing/' },
      to: {
        path: '^src/(?!testing/)',
        pathNot: '^src/(index\\.ts|webhooks/index\\.ts|errors/index\\.ts|resources/operations\\.ts|utils/)',
      },
    },
    {
      name: 'redis-on-store-interfaces',
      severity: 'error',
      comment:
        "credit-platform/redis implements the stores' interfaces on a user's Redis client: it reaches the interfaces (pacing and webhook stores, the shared types) and nothing else of the SDK.",
      from: { path: '^src/redis/' },
      to: {
        path: '^src/(?!redis/)',
        pathNot: '^src/(core/pacing/(types|in-flight-hold)\\.ts|core/types\\.ts|webhooks/index\\.ts|errors/index\\.ts|utils/)',
      },
    },
    {
      name: 'postgres-on-store-interfaces',
      severity: 'error',
      comment:
        "credit-platform/postgres implements the webhook store's interfaces on a user's pg Pool: it reaches the webhooks entry's interfaces, the shared types and errors, and nothing else of the SDK (and never loads pg itself).",
      from: { path: '^src/postgres/' },
      to: {
        path: '^src/(?!postgres/)',
        pathNot: '^src/(core/types\\.ts|webhooks/index\\.ts|errors/index\\.ts|utils/)',
      },
    },
    {
      name: 'money-stands-alone',
      severity: 'error',
      comment:
        'credit-platform/money is exact arithmetic on decimal strings: it imports nothing of the SDK and no package, so it costs the other entries nothing and loads nothing.',
      from: { path: '^src/money/' },
      to: { path: '^src/(?!money/)|(^|/)node_modules/' },
    },
    {
      name: 'otel-on-the-trace-channel',
      severity: 'error',
      comment:
        'credit-platform/otel turns the trace channel into spans: it reaches the channel\'s types, the errors and the version, never the client, so the client never loads @opentelemetry/api.',
      from: { path: '^src/otel/' },
      to: {
        path: '^src/(?!otel/|core/observability/tracing\\.ts$|webhooks/tracing/delivery-tracing\\.ts$|errors/|version\\.ts$)',
      },
    },
    {
      name: 'opentelemetry-in-the-otel-entry-only',
      severity: 'error',
      comment: '@opentelemetry/api is an optional peer dependency: only credit-platform/otel loads it.',
      from: { path: '^src/', pathNot: '^src/otel/' },
      to: { path: '(^|/)node_modules/@opentelemetry/' },
    },
    {
      name: 'pg-never-loaded',
      severity: 'error',
      comment:
        'pg is an optional peer: the SDK drives the Pool it is given and never imports the package, types included. The one exception is the `webhooks inbox` command, which connects by itself (next rule).',
      from: { path: '^src/', pathNot: '^src/cli/inbox/load-pg\\.ts$' },
      to: { path: '(^|/)node_modules/(pg|@types/pg|pg-pool)/' },
    },
    {
      name: 'pg-loaded-lazily-by-the-inbox-command',
      severity: 'error',
      comment: 'The `webhooks inbox` command loads pg when it runs, never at import: every other command works without pg installed.',
      from: { path: '^src/cli/inbox/load-pg\\.ts$' },
      to: { path: '(^|/)node_modules/(pg|@types/pg|pg-pool)/', dynamic: false },
    },
  ],
  options: {
    doNotFollow: { path: 'node_modules' },
    tsPreCompilationDeps: true,
    tsConfig: { fileName: 'tsconfig.json' },
    enhancedResolveOptions: { exportsFields: ['exports'], conditionNames: ['import', 'require', 'node', 'default', 'types'] },
  },
};
