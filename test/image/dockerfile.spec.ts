/**
 * The Dockerfile by hadolint's rules and this repository's facts (dockerfile-rules.ts), without building it: the
 * repository's files keep every rule, and a copy that breaks one is refused under that rule's code.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { checkImage, ignoredByDockerignore, ImageFiles, imageRuntime, repositoryFiles, RULES } from './dockerfile-rules';

const root = join(__dirname, '..', '..');
const files = repositoryFiles(root);

type Edit = Partial<Record<'dockerfile' | 'dockerignore' | 'compose' | 'packageJson', (text: string) => string>>;

/** The repository's files with edits applied; an edit that changes nothing fails (the case would prove nothing). */
function edited(edits: Edit): ImageFiles {
  const copy = { ...files };
  for (const [name, edit] of Object.entries(edits) as [keyof Edit, (text: string) => string][]) {
    const after = edit(files[name]);
    if (after === files[name]) throw new Error(`the edit of ${name} changed nothing`);
    copy[name] = after;
  }
  return copy;
}

/** The Dockerfile's instructions, each on one line (continuations joined). */
const dockerfile = (text: string) => text.replace(/\\\n\s*/g, '').split('\n');

const swap = (from: string, to: string) => (text: string) => text.replace(from, to);

/** One Dockerfile (or .dockerignore, compose, package.json) that breaks each rule. */
const BROKEN: [string, string, Edit][] = [
  ['DL1000', 'a HEALTHCHECK flag misspelt', { dockerfile: swap('HEALTHCHECK --interval=30s', 'HEALTHCHECK --intervl=30s') }],
  ['DL3000', 'a relative WORKDIR', { dockerfile: swap('WORKDIR /app\nCOPY --from', 'WORKDIR app\nCOPY --from') }],
  ['DL3002', 'USER root last', { dockerfile: swap('USER mapr', 'USER root') }],
  ['DL3002', 'no USER', { dockerfile: swap('USER mapr\n', '') }],
  ['DL3003', 'cd in a RUN', { dockerfile: swap('RUN npm ci', 'RUN cd /app && npm ci') }],
  ['DL3004', 'sudo', { dockerfile: swap('RUN useradd', 'RUN sudo useradd') }],
  ['DL3006', 'an untagged FROM', { dockerfile: swap('FROM node:24.21.0-bookworm-slim AS build', 'FROM node AS build') }],
  ['DL3007', 'FROM …:latest', { dockerfile: swap('FROM node:24.21.0-bookworm-slim\n', 'FROM node:latest\n') }],
  ['DL3009', 'apt lists left in the layer', { dockerfile: swap(' && rm -rf /var/lib/apt/lists/*', '') }],
  [
    'DL3014',
    'apt-get install without -y',
    { dockerfile: swap('install -y -qq --no-install-recommends python3', 'install -qq --no-install-recommends python3') },
  ],
  ['DL3015', 'recommends installed', { dockerfile: swap('--no-install-recommends python3', 'python3') }],
  ['DL3020', 'ADD for a file', { dockerfile: swap('COPY package.json ./\nRUN useradd', 'ADD package.json ./\nRUN useradd') }],
  ['DL3022', 'COPY --from an unknown stage', { dockerfile: swap('COPY --from=build /app/dist', 'COPY --from=builder /app/dist') }],
  [
    'DL3024',
    'two stages named build',
    { dockerfile: swap('FROM node:24.21.0-bookworm-slim\nENV', 'FROM node:24.21.0-bookworm-slim AS build\nENV') },
  ],
  ['DL3025', 'CMD in shell form', { dockerfile: swap('CMD ["node", "dist/src/main.js"]', 'CMD node dist/src/main.js') }],
  ['DL3025', 'ENTRYPOINT in shell form', { dockerfile: swap('ENTRYPOINT ["/usr/bin/tini", "--"]', 'ENTRYPOINT /usr/bin/tini --') }],
  [
    'DL3027',
    'apt',
    { dockerfile: swap('&& apt-get install -y -qq --no-install-recommends tini', '&& apt install -y -qq --no-install-recommends tini') },
  ],
  ['DL3045', 'COPY to ./ before any WORKDIR', { dockerfile: swap('AS build\nWORKDIR /app\n', 'AS build\n') }],
  ['DL3057', 'no HEALTHCHECK', { dockerfile: (text) => text.replace(/^HEALTHCHECK .*\n/m, '') }],
  [
    'DL3059',
    'two RUNs in a row',
    { dockerfile: swap('RUN npm ci --no-audit --no-fund\n', 'RUN npm ci --no-audit --no-fund\nRUN npm ls\n') },
  ],
  ['DL4000', 'MAINTAINER', { dockerfile: swap('AS build\n', 'AS build\nMAINTAINER mapr\n') }],
  ['DL4003', 'two CMDs', { dockerfile: (text) => `${text}CMD ["node", "dist/src/worker.js"]\n` }],
  ['DL4004', 'two ENTRYPOINTs', { dockerfile: (text) => `${text}ENTRYPOINT ["/usr/bin/tini", "--"]\n` }],
  ['DL4006', 'a pipe without pipefail', { dockerfile: swap("-name '*.map' -delete", "-name '*.map' | xargs rm -f") }],
  ['MAPR-EXPOSE', 'EXPOSE another port', { dockerfile: swap('EXPOSE 3000', 'EXPOSE 8080') }],
  ['MAPR-EXPOSE', 'the HEALTHCHECK on another port', { dockerfile: swap('process.env.PORT||3000', 'process.env.PORT||8080') }],
  ['MAPR-EXPOSE', 'compose publishing another container port', { compose: swap("'${MAPR_PORT:-3000}:3000'", "'${MAPR_PORT:-3000}:8080'") }],
  [
    'MAPR-COPY-FROM',
    'a folder nothing makes',
    { dockerfile: swap('COPY --from=build /app/remotion ./remotion', 'COPY --from=build /app/remotion-frames ./remotion') },
  ],
  [
    'MAPR-COPY-FROM',
    'a folder .dockerignore keeps out',
    { dockerfile: swap('COPY package.json ./\n', 'COPY package.json ./\nCOPY --from=build /app/bench/out ./bench\n') },
  ],
  ['MAPR-COPY-FROM', 'dist without the build', { dockerfile: swap('RUN npm run build && npm prune', 'RUN npm prune') }],
  ['MAPR-NPM', 'a script package.json lacks', { dockerfile: swap('RUN npm run build &&', 'RUN npm run build:all &&') }],
  ['MAPR-NPM', 'a workspace unknown to npm ci', { dockerfile: swap('COPY packages/cli/package.json packages/cli/\n', '') }],
  ['MAPR-NPM', 'a script renamed in package.json', { packageJson: swap('"build": "nest build', '"build:all": "nest build') }],
  ['MAPR-DOCKERIGNORE', 'node_modules let in', { dockerignore: swap('**/node_modules\n', '') }],
  ['MAPR-DOCKERIGNORE', '.tools let in', { dockerignore: swap('.tools', '# .tools') }],
  ['MAPR-DOCKERIGNORE', '.env let back in', { dockerignore: (text) => `${text}!.env\n` }],
];

describe('the Dockerfile, by hadolint’s rules and the repository’s facts', () => {
  it('keeps every rule, with .dockerignore and docker-compose.yml', () => {
    expect(checkImage(files)).toEqual([]);
  });

  it.each(BROKEN)('%s: refuses %s', (code, _what, edits) => {
    const problems = checkImage(edited(edits));
    expect(problems.map((p) => p.code)).toContain(code);
  });

  it('has a broken case for every rule it follows, and a reason for each it does not', () => {
    const tested = new Set(BROKEN.map(([code]) => code));
    for (const [code, { notFollowed }] of Object.entries(RULES)) {
      if (notFollowed) expect(notFollowed.length).toBeGreaterThan(40);
      else expect({ code, tested: tested.has(code) }).toEqual({ code, tested: true });
    }
  });

  it('builds with what the test command runs outside Docker: npm ci, then each step of npm run build', () => {
    const read = (file: string) => readFileSync(join(root, file), 'utf8');
    const buildRuns = dockerfile(files.dockerfile).filter((line) => line.startsWith('RUN npm '));
    expect(buildRuns.join('\n')).toMatch(/^RUN npm ci\b/m);
    expect(buildRuns.join('\n')).toMatch(/^RUN npm run build &&/m);
    expect(read('scripts/install-node-deps.sh')).toMatch(/^\s*npm ci\b/m);
    const steps = (JSON.parse(files.packageJson) as { scripts: Record<string, string> }).scripts.build
      .split('&&')
      .map((step) => step.trim());
    expect(steps).toContain('nest build');
    const testCommand = read('scripts/test.sh');
    for (const step of steps) expect({ step, run: new RegExp(`^[^#]*\\b${step}\\b`, 'm').test(testCommand) }).toEqual({ step, run: true });
  });

  it('lets a pipe run under SHELL with pipefail', () => {
    const piped = edited({
      dockerfile: swap(
        "RUN npm run build && npm prune --omit=dev && find dist/dashboard -name '*.map' -delete",
        'SHELL ["/bin/bash", "-o", "pipefail", "-c"]\nRUN npm run build && npm prune --omit=dev && find dist/dashboard -name \'*.map\' | xargs rm -f',
      ),
    });
    expect(checkImage(piped)).toEqual([]);
  });

  it('reads .dockerignore as Docker does: any depth for **, folders cover their files, ! lets back in', () => {
    expect(ignoredByDockerignore(files.dockerignore, 'packages/cli/node_modules/x/index.js')).toBe(true);
    expect(ignoredByDockerignore(files.dockerignore, 'dist/src/main.js')).toBe(true);
    expect(ignoredByDockerignore(files.dockerignore, '.env.production')).toBe(true);
    expect(ignoredByDockerignore(files.dockerignore, '.env.example')).toBe(false);
    expect(ignoredByDockerignore(files.dockerignore, 'remotion/index.ts')).toBe(false);
    expect(ignoredByDockerignore(files.dockerignore, 'src/config/configuration.ts')).toBe(false);
  });

  it('reads how the image starts the service', () => {
    const runtime = imageRuntime(files.dockerfile);
    expect(runtime).toMatchObject({
      env: { NODE_ENV: 'production', CHROMIUM_PATH: '/usr/bin/chromium' },
      workdir: '/app',
      expose: ['3000'],
      stopSignal: 'SIGTERM',
      entrypoint: ['/usr/bin/tini', '--'],
      cmd: ['node', 'dist/src/main.js'],
      healthcheck: { intervalSeconds: 30, timeoutSeconds: 5 },
    });
    expect(runtime.healthcheck!.argv.slice(0, 2)).toEqual(['/bin/sh', '-c']);
    expect(runtime.healthcheck!.argv[2]).toMatch(/^node -e "if\(process\.env\.MAPR_ROLE==='worker'\)/);
  });
});
