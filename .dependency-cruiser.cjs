/**
 * Who may call whom (docs/architecture.md), checked on every test run: `npm run lint:deps`.
 * A rule here is the architecture; change the architecture document and this file together.
 */
const MODULES = 'src/modules/([^/]+)';
/**
 * Public surfaces: each module's index.ts (the render contract's, src/modules/contract, is what the browser compositions
 * and the dashboard share with the service), plus one sub-folder public by design: rendering/renderer (the renderer port
 * and its adapters, used by the worker, the preview, bench/ and scripts/ to render props directly).
 */
const PUBLIC_SURFACES = [`^${MODULES}/index\\.ts$`, '^src/modules/rendering/renderer/index\\.ts$'];
/**
 * Test seams: a module's testing.ts re-exports, on purpose, what the black-box tests in test/ arrange and observe
 * (tables, sweepers run now, queue names, provider tokens swapped for fakes). Public to test/ only.
 */
const TESTING_SEAMS = `^${MODULES}/testing\\.ts$`;

/** `a` may not import module `b` at all (the table in docs/architecture.md). */
const moduleMayNotCall = (from, to) => ({
  name: `${from}-not-to-${to}`,
  comment: `The ${from} module does not depend on the ${to} module (docs/architecture.md, "Who may call whom").`,
  severity: 'error',
  from: { path: `^src/modules/${from}/` },
  to: { path: `^src/modules/${to}/` },
});

module.exports = {
  forbidden: [
    {
      name: 'module-internals-are-private',
      comment:
        "Outside a module, import only its public surface (PUBLIC_SURFACES above). Everything else is the module's own business. " +
        "Tests in test/ reach inside only through a module's test seam (TESTING_SEAMS above), which says what they may arrange and observe.",
      severity: 'error',
      from: { path: '^(src|bench|scripts|remotion|test)/|^ormconfig\\.ts$', pathNot: `^${MODULES}/` },
      to: { path: `^${MODULES}/`, pathNot: [...PUBLIC_SURFACES, TESTING_SEAMS] },
    },
    {
      name: 'testing-seams-are-for-tests',
      comment:
        "A module's testing.ts is for the tests in test/ alone: production code (the module itself, other modules, the composition " +
        'roots, bench/, scripts/, remotion/) imports index.ts, and unit specs beside the code import what they test directly.',
      severity: 'error',
      from: { pathNot: '^test/' },
      to: { path: TESTING_SEAMS },
    },
    {
      name: 'sibling-module-internals-are-private',
      comment: "A module imports another module only through that module's index.ts.",
      severity: 'error',
      from: { path: `^${MODULES}/` },
      to: {
        path: `^${MODULES}/`,
        pathNot: [`^src/modules/$1/`, ...PUBLIC_SURFACES],
      },
    },
    moduleMayNotCall('auth', 'billing'),
    moduleMayNotCall('auth', 'rendering'),
    moduleMayNotCall('auth', 'webhooks'),
    moduleMayNotCall('auth', 'routing'),
    moduleMayNotCall('billing', 'rendering'),
    moduleMayNotCall('billing', 'webhooks'),
    moduleMayNotCall('billing', 'routing'),
    moduleMayNotCall('webhooks', 'billing'),
    moduleMayNotCall('webhooks', 'rendering'),
    moduleMayNotCall('webhooks', 'routing'),
    moduleMayNotCall('routing', 'auth'),
    moduleMayNotCall('routing', 'billing'),
    moduleMayNotCall('routing', 'rendering'),
    moduleMayNotCall('routing', 'webhooks'),
    moduleMayNotCall('routing', 'contract'),
    // The render contract sits on routing and under everything that renders: it knows no service module above it.
    moduleMayNotCall('contract', 'auth'),
    moduleMayNotCall('contract', 'billing'),
    moduleMayNotCall('contract', 'rendering'),
    moduleMayNotCall('contract', 'webhooks'),
    moduleMayNotCall('auth', 'contract'),
    moduleMayNotCall('billing', 'contract'),
    moduleMayNotCall('webhooks', 'contract'),
    {
      name: 'compositions-import-only-the-contract',
      comment:
        "remotion/ (and the bench's compositions, bench/remotion/) run in the browser: from src/ they may import only src/modules/contract (plain types and constants).",
      severity: 'error',
      from: { path: '^(remotion|bench/remotion)/' },
      to: { path: '^src/', pathNot: '^src/modules/contract/' },
    },
    {
      name: 'dashboard-speaks-only-the-public-api',
      comment:
        'dashboard/ is a browser app that talks to the service over HTTP only, through the SDK as its users get it (`@mapr/sdk`, the built package, never packages/sdk/src by path): from src/ it may import the rendering contract (the props the Player renders), nothing else.',
      severity: 'error',
      from: { path: '^dashboard/' },
      to: { path: '^(src|test|bench|scripts|packages/sdk/src|packages/cli)/', pathNot: '^src/modules/contract/' },
    },
    {
      name: 'nothing-imports-the-dashboard',
      comment: 'The service serves the built dashboard as files; no server, test or composition code imports its source.',
      severity: 'error',
      from: { pathNot: '^dashboard/' },
      to: { path: '^dashboard/' },
    },
    {
      name: 'packages-stand-alone',
      comment:
        'packages/ are published on their own: the SDK knows the service only through docs/openapi.json (its generated types), the CLI only through the SDK. Neither imports the service, its tests or the dashboard.',
      severity: 'error',
      from: { path: '^packages/' },
      to: { path: '^(src|test|bench|scripts|remotion|dashboard)/' },
    },
    {
      name: 'cli-goes-through-the-sdk',
      comment:
        "The CLI calls the API with the SDK (retries, errors, paging in one place), never with its own HTTP code into the SDK's inside.",
      severity: 'error',
      from: { path: '^packages/cli/' },
      to: { path: '^packages/sdk/src/' },
    },
    {
      name: 'service-does-not-import-the-packages',
      comment: 'The service is the other side of the SDK: only tests and examples use the packages.',
      severity: 'error',
      from: { path: '^(src|remotion|bench|scripts)/' },
      to: { path: '^packages/|node_modules/@mapr/' },
    },
    {
      name: 'contract-is-plain',
      comment:
        'The render contract is shared with the browser: types, constants, pure mapping and its schemas (zod, ADR 0040) only; ' +
        'of src/common, the plain text rule its schemas share with the DTOs.',
      severity: 'error',
      from: { path: '^src/modules/contract/' },
      to: {
        pathNot: [
          '^src/modules/contract/',
          '^src/modules/routing/index\\.ts$',
          '^src/common/text/format-characters\\.ts$',
          '^node_modules/zod/',
        ],
        dependencyTypesNot: ['type-only'],
      },
    },
    {
      name: 'common-is-a-leaf',
      comment:
        'src/common holds errors, http plumbing and small utils that every layer uses: it imports no module, no infrastructure and no app wiring.',
      severity: 'error',
      from: { path: '^src/common/' },
      to: { path: '^src/(modules|infrastructure|app|worker|core|main|bootstrap|cli)' },
    },
    {
      name: 'infrastructure-knows-no-module',
      comment: 'Infrastructure (mail, queue, redis, storage, health, logging) serves the modules; it never imports them.',
      severity: 'error',
      from: { path: '^src/(infrastructure|database|config)/' },
      to: { path: '^src/modules/' },
    },
    {
      name: 'domain-code-is-pure',
      comment:
        'The maths (routing algorithms, composition contract, timing, camera, signatures) stays free of infrastructure: no database, queue, Redis, HTTP framework or storage.',
      severity: 'error',
      from: { path: ['^src/modules/contract/', '^src/modules/webhooks/signing/', '^src/common/util/', '^remotion/lib/'] },
      to: {
        path: ['^src/(infrastructure|database|config)/', '^node_modules/(typeorm|bull|bullmq|ioredis|@nestjs|express|pg|better-sqlite3)/'],
      },
    },
    {
      name: 'no-circular',
      comment:
        'Import cycles make load order matter and hide who depends on whom. A cycle closed only by type imports (erased before ' +
        'the code runs) is not one: a schema and the stored types its output names may refer to each other.',
      severity: 'error',
      from: {},
      to: { circular: true, dependencyTypesNot: ['type-only'], viaOnly: { dependencyTypesNot: ['type-only'] } },
    },
    {
      name: 'worker-never-imports-the-render-api',
      comment:
        "The worker's side of rendering (worker/: RenderingWorkerModule, the queue's consumer; delivery's DeliveryWorkerModule) " +
        'never reaches the render API, directly or through other files: no controller of rendering, not RenderingModule, nothing of ' +
        "intake/ (the render API's intake and reads), not the batches service. It depends on the jobs (lifecycle, queue, what " +
        'follows a job end) and routing only.',
      severity: 'error',
      from: { path: ['^src/modules/rendering/worker/', '^src/modules/rendering/delivery/delivery-worker\\.module\\.ts$'] },
      to: {
        path: '^src/modules/rendering/(.+\\.controller|rendering\\.module|intake/.+|batches/batches\\.service)\\.ts$',
        reachable: true,
      },
    },
    {
      name: 'worker-entry-never-imports-the-api-process',
      comment:
        'The worker process (src/worker.ts and its composition root src/worker.module.ts) never reaches the API process: not its ' +
        'composition root, its HTTP app or its entry. (The API process imports the worker module in the `all` role, never the reverse.)',
      severity: 'error',
      from: { path: '^src/worker(\\.module)?\\.ts$' },
      to: { path: '^src/(main|app\\.module|app\\.factory|openapi|api-document)\\.ts$', reachable: true },
    },
    {
      name: 'only-the-queue-adapters-import-bull',
      comment:
        'Bull is known to three files of the service only (ADR 0002, ADR 0012): the render queue, the webhook queue and the sweep ' +
        'schedule; everything else speaks RenderQueue, WebhookQueue or SweepSchedule. Three tests play Bull itself (an entry ' +
        'failed, an entry handed out twice) and are named here too: no other file imports `bull` or `@nestjs/bull`.',
      severity: 'error',
      from: {
        pathNot: [
          '^src/modules/rendering/jobs/render-queue\\.ts$',
          '^src/modules/webhooks/webhook-queue\\.ts$',
          '^src/infrastructure/sweeps/sweep-schedule\\.ts$',
          '^test/renders\\.e2e-spec\\.ts$',
          '^test/faults/queue\\.faults-spec\\.ts$',
          '^test/faults/intake-crash\\.faults-spec\\.ts$',
        ],
      },
      to: { path: '^node_modules/(bull|@nestjs/bull)/' },
    },
    {
      name: 'not-to-test',
      comment: 'Production code never imports test code.',
      severity: 'error',
      from: { path: '^(src|remotion)/', pathNot: '\\.spec\\.tsx?$' },
      to: { path: ['^test/', '\\.spec\\.tsx?$'] },
    },
    {
      name: 'no-unresolvable',
      severity: 'error',
      from: {},
      // NASA's images come through the bundler's `@nasa-imagery/` alias (remotion-bundle.ts), not a package import.
      to: { couldNotResolve: true, pathNot: '^@nasa-imagery/' },
    },
  ],
  options: {
    doNotFollow: { path: 'node_modules' },
    // node_modules is not followed but stays in the graph: the rules on Bull and on pure code name packages.
    exclude: { path: '^(dist|data|coverage|remotion-bundle|bench/out)/' },
    tsPreCompilationDeps: true,
    enhancedResolveOptions: { exportsFields: ['exports'], conditionNames: ['import', 'require', 'node', 'default', 'types'] },
    reporterOptions: { text: { highlightFocused: true } },
  },
};
