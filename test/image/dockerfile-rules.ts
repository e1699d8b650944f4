/**
 * The Dockerfile, read as Docker reads it (dockerfile-ast, the parser of VS Code's Docker language server) and checked
 * without building it: no container engine runs here (README, "What has been run"). Two uses:
 *
 * - `checkImage(files)`: hadolint's rules that apply to this Dockerfile, each under its hadolint code, plus the
 *   facts of this repository the image depends on (the port, what the build stage copies and runs, .dockerignore).
 *   `test/image/dockerfile.spec.ts` (unit suite) runs it on the repository's files and on copies that break each rule.
 * - `imageRuntime(dockerfile)`: how the last stage starts the service (ENV, WORKDIR, EXPOSE, STOPSIGNAL, ENTRYPOINT,
 *   CMD, HEALTHCHECK), which `test/image/image.image-spec.ts` runs as processes against the built service.
 */
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join, matchesGlob, normalize } from 'node:path';
import { DockerfileParser, Instruction, JSONInstruction } from 'dockerfile-ast';
import { validate } from 'dockerfile-utils';
import { parse as parseYaml } from 'yaml';

/** The files the checks read, by name (a test passes edited copies). */
export interface ImageFiles {
  dockerfile: string;
  dockerignore: string;
  compose: string;
  packageJson: string;
  /** src/config/configuration.ts: where the default PORT is. */
  configuration: string;
  /** Whether a path exists in the repository (relative to its root). */
  exists: (path: string) => boolean;
  /** The folders in a folder of the repository. */
  folders: (path: string) => string[];
}

export function repositoryFiles(root: string): ImageFiles {
  const read = (file: string) => readFileSync(join(root, file), 'utf8');
  return {
    dockerfile: read('Dockerfile'),
    dockerignore: read('.dockerignore'),
    compose: read('docker-compose.yml'),
    packageJson: read('package.json'),
    configuration: read('src/config/configuration.ts'),
    exists: (path) => existsSync(join(root, path)),
    folders: (path) =>
      readdirSync(join(root, path), { withFileTypes: true })
        .filter((entry) => entry.isDirectory())
        .map((entry) => entry.name),
  };
}

export interface Problem {
  code: string;
  /** 1-based line of the Dockerfile, when the problem has one. */
  line?: number;
  message: string;
}

/**
 * Every rule checked, and the hadolint rules deliberately not followed, with the reason. Codes `DLxxxx` are
 * hadolint's (https://github.com/hadolint/hadolint#rules); `MAPR-…` are facts of this repository.
 */
export const RULES: Record<string, { rule: string; notFollowed?: string }> = {
  DL1000: { rule: 'The Dockerfile parses: no unknown instruction, flag or malformed argument (dockerfile-utils’ validator)' },
  DL3000: { rule: 'WORKDIR is absolute' },
  DL3002: { rule: 'The last USER of the image is not root' },
  DL3003: { rule: 'WORKDIR, not `cd` in a RUN' },
  DL3004: { rule: 'No sudo in a RUN' },
  DL3006: { rule: 'Every FROM of an image names its tag (or digest)' },
  DL3007: { rule: 'No FROM uses the `latest` tag' },
  DL3008: {
    rule: 'apt-get install pins package versions',
    notFollowed:
      'Debian bookworm serves one version of each package and replaces it with its security updates: a pinned version ' +
      'disappears from the archive at the next update, and the build would fail, or hold back a fix. The base image is ' +
      'pinned instead (node:<exact release>-bookworm-slim), and so is every npm package (the lock).',
  },
  DL3009: { rule: 'A RUN that installs with apt-get removes /var/lib/apt/lists in the same layer' },
  DL3014: { rule: 'apt-get install runs with -y' },
  DL3015: { rule: 'apt-get install runs with --no-install-recommends' },
  DL3020: { rule: 'COPY, not ADD, for files and folders' },
  DL3022: { rule: 'COPY --from names a stage defined before it' },
  DL3024: { rule: 'Stage names are unique' },
  DL3025: { rule: 'CMD and ENTRYPOINT in JSON (exec) form, so the signal reaches the process' },
  DL3027: { rule: 'apt-get, not apt (whose interface is not stable for scripts)' },
  DL3045: { rule: 'COPY to a relative destination only after a WORKDIR' },
  DL3057: { rule: 'The image has a HEALTHCHECK' },
  DL3059: { rule: 'No two consecutive RUNs (one layer, one cache step)' },
  DL4000: { rule: 'No MAINTAINER (deprecated)' },
  DL4003: { rule: 'At most one CMD per stage' },
  DL4004: { rule: 'At most one ENTRYPOINT per stage' },
  DL4006: { rule: 'A RUN with a pipe runs under a SHELL with -o pipefail (the pipe fails when its first command does)' },
  'MAPR-EXPOSE': { rule: 'EXPOSE, the HEALTHCHECK’s fallback port and docker-compose.yml’s container port are the service’s default PORT' },
  'MAPR-COPY-FROM': {
    rule: 'Every `COPY --from=build` source is made by the build stage’s steps, or is in the repository and reaches the build context',
  },
  'MAPR-NPM': {
    rule: '`npm ci` sees the lock and every workspace’s package.json; every `npm run X` is a script of package.json',
  },
  'MAPR-DOCKERIGNORE': {
    rule: '.dockerignore keeps out what the host built or keeps: node_modules (any depth), dist, data, .tools, tmp, .env',
  },
};

/**
 * What the build stage's commands make, and the command that makes it (in the stage's RUNs); anything else a
 * `COPY --from=build` takes must come from the repository through the build context.
 */
const BUILD_OUTPUTS: Record<string, string> = {
  node_modules: 'npm ci',
  // package.json's build: `nest build` (tsconfig's outDir) and build:dashboard (dist/dashboard).
  dist: 'npm run build',
  // package.json's build: build:remotion (scripts/bundle-remotion.ts writes remotion-bundle/).
  'remotion-bundle': 'npm run build',
};

/** What must never reach the build context (.dockerignore), as a path that stands for each. */
const KEPT_OUT = ['node_modules', 'packages/sdk/node_modules', 'dist', 'data', '.tools', 'tmp', '.env', '.env.local'];

const line = (instruction: Instruction) => instruction.getRange().start.line + 1;

/** The shell text of a RUN with the quoted parts blanked out, so an operator inside quotes is not taken for one. */
function unquoted(text: string): string {
  return text.replace(/'[^']*'|"(?:[^"\\]|\\.)*"/g, '""');
}

/** The shell commands of a RUN (split on &&, ||, ;, |, newlines), each as its words. */
function commands(run: Instruction): string[][] {
  return unquoted(run.getArgumentsContent() ?? '')
    .split(/&&|\|\||;|\||\n/)
    .map((part) => part.trim().split(/\s+/).filter(Boolean))
    .filter((words) => words.length > 0);
}

/** The stage or image a COPY takes its files from (`--from=`), null for the build context. */
function fromFlag(copy: Instruction): string | null {
  return (copy as unknown as { getFromFlag(): { getValue(): string | null } | null }).getFromFlag()?.getValue() ?? null;
}

interface Stage {
  from: Instruction;
  name: string | null;
  instructions: Instruction[];
}

function stagesOf(dockerfile: string): Stage[] {
  const stages: Stage[] = [];
  for (const instruction of DockerfileParser.parse(dockerfile).getInstructions()) {
    if (instruction.getKeyword() === 'FROM') {
      const args = instruction.getArguments().map((a) => a.getValue());
      const as = args.findIndex((a) => a.toUpperCase() === 'AS');
      stages.push({ from: instruction, name: as >= 0 ? (args[as + 1] ?? null) : null, instructions: [] });
    } else if (stages.length > 0) {
      stages[stages.length - 1].instructions.push(instruction);
    }
  }
  return stages;
}

/** Whether .dockerignore keeps `path` out of the build context (Docker's rules: the last matching pattern wins, `!` lets back in, a pattern matching a folder covers its contents). */
export function ignoredByDockerignore(dockerignore: string, path: string): boolean {
  const patterns = dockerignore
    .split('\n')
    .map((l) => l.trim())
    .filter((l) => l && !l.startsWith('#'));
  const prefixes = path.split('/').map((_, i, parts) => parts.slice(0, i + 1).join('/'));
  let ignored = false;
  for (const raw of patterns) {
    const negated = raw.startsWith('!');
    const pattern = normalize(negated ? raw.slice(1) : raw).replace(/^\/+|\/+$/g, '');
    if (prefixes.some((prefix) => matchesGlob(prefix, pattern))) ignored = !negated;
  }
  return ignored;
}

function defaultPort(configuration: string): number | null {
  const match = /env\.PORT \?\? (\d+)/.exec(configuration);
  return match ? Number(match[1]) : null;
}

/** The hadolint rules (DL…) that look at instructions only. */
function instructionRules(stages: Stage[]): Problem[] {
  const problems: Problem[] = [];
  const add = (code: string, at: Instruction | undefined, message: string) => problems.push({ code, line: at && line(at), message });
  const names = new Set<string>();
  stages.forEach((stage, index) => {
    const image = stage.from.getArguments()[0]?.getValue() ?? '';
    const earlier = stages.slice(0, index).map((s) => s.name);
    const fromStage = earlier.includes(image);
    if (!fromStage && image !== 'scratch' && !image.includes('@')) {
      const tag = /:([^/:]+)$/.exec(image)?.[1];
      if (!tag) add('DL3006', stage.from, `FROM ${image}: no tag`);
      else if (tag === 'latest') add('DL3007', stage.from, `FROM ${image}: the latest tag`);
    }
    if (stage.name) {
      if (names.has(stage.name)) add('DL3024', stage.from, `stage name ${stage.name} used twice`);
      names.add(stage.name);
    }
    let workdir = false;
    let pipefail = false;
    const counts: Record<string, number> = {};
    stage.instructions.forEach((instruction, i) => {
      const keyword = instruction.getKeyword();
      counts[keyword] = (counts[keyword] ?? 0) + 1;
      const args = instruction.getArguments().map((a) => a.getValue());
      switch (keyword) {
        case 'WORKDIR':
          workdir = true;
          if (!args[0]?.startsWith('/') && !args[0]?.startsWith('$')) add('DL3000', instruction, `WORKDIR ${args[0]} is relative`);
          break;
        case 'SHELL':
          pipefail = /-o"?\s*,?\s*"?pipefail/.test(instruction.getArgumentsContent() ?? '');
          break;
        case 'ADD':
          add('DL3020', instruction, 'ADD: use COPY');
          break;
        case 'MAINTAINER':
          add('DL4000', instruction, 'MAINTAINER is deprecated: use a LABEL');
          break;
        case 'CMD':
        case 'ENTRYPOINT':
          if ((instruction as JSONInstruction).getJSONStrings().length === 0) add('DL3025', instruction, `${keyword} in shell form`);
          break;
        case 'COPY': {
          const from = fromFlag(instruction);
          if (from && !earlier.includes(from) && !/^\d+$/.test(from) && !from.includes(':')) {
            add('DL3022', instruction, `COPY --from=${from}: no stage of that name before it`);
          }
          const destination = args[args.length - 1] ?? '';
          if (!workdir && !destination.startsWith('/')) add('DL3045', instruction, `COPY to ${destination} before any WORKDIR`);
          break;
        }
        case 'RUN': {
          if (stage.instructions[i - 1]?.getKeyword() === 'RUN') add('DL3059', instruction, 'two consecutive RUNs: join them');
          const text = unquoted(instruction.getArgumentsContent() ?? '');
          if (/(^|[^|])\|([^|]|$)/.test(text) && !pipefail)
            add('DL4006', instruction, 'a pipe without SHELL ["/bin/bash", "-o", "pipefail", "-c"]');
          for (const words of commands(instruction)) {
            if (words[0] === 'cd') add('DL3003', instruction, '`cd` in a RUN: use WORKDIR');
            if (words[0] === 'sudo') add('DL3004', instruction, 'sudo in a RUN');
            if (words[0] === 'apt') add('DL3027', instruction, 'apt: use apt-get');
            if (words[0] === 'apt-get' && words.includes('install')) {
              if (!words.some((w) => /^(--yes|--assume-yes|-[a-z]*y[a-z]*)$/.test(w)))
                add('DL3014', instruction, 'apt-get install without -y');
              if (!words.includes('--no-install-recommends')) add('DL3015', instruction, 'apt-get install without --no-install-recommends');
              if (!/\brm\s+-[a-z]*r[a-z]*\s+\/var\/lib\/apt\/lists\b/.test(text)) {
                add('DL3009', instruction, 'apt-get install leaves /var/lib/apt/lists in the layer');
              }
            }
          }
          break;
        }
      }
    });
    if ((counts.CMD ?? 0) > 1) add('DL4003', stage.from, `${counts.CMD} CMDs in one stage`);
    if ((counts.ENTRYPOINT ?? 0) > 1) add('DL4004', stage.from, `${counts.ENTRYPOINT} ENTRYPOINTs in one stage`);
  });
  const last = stages[stages.length - 1];
  const users = last?.instructions.filter((i) => i.getKeyword() === 'USER') ?? [];
  const user = users[users.length - 1]?.getArguments()[0]?.getValue();
  if (!user || /^(root|0)(:|$)/.test(user))
    add('DL3002', users[users.length - 1] ?? last?.from, `the image runs as ${user ?? 'root (no USER)'}`);
  if (!last?.instructions.some((i) => i.getKeyword() === 'HEALTHCHECK')) add('DL3057', last?.from, 'no HEALTHCHECK');
  return problems;
}

/** Checks the Dockerfile (and .dockerignore, against the repository) by the rules of RULES; [] when all hold. */
export function checkImage(files: ImageFiles): Problem[] {
  const problems: Problem[] = validate(files.dockerfile).map((d) => ({
    code: 'DL1000',
    line: d.range.start.line + 1,
    message: typeof d.message === 'string' ? d.message : d.message.value,
  }));
  const stages = stagesOf(files.dockerfile);
  problems.push(...instructionRules(stages));

  // MAPR-EXPOSE: the port the service listens on by default, wherever the image or compose names it.
  const port = defaultPort(files.configuration);
  const runtime = imageRuntime(files.dockerfile);
  if (port === null) problems.push({ code: 'MAPR-EXPOSE', message: 'no default PORT found in src/config/configuration.ts' });
  else {
    if (runtime.expose.join() !== String(port))
      problems.push({ code: 'MAPR-EXPOSE', message: `EXPOSE ${runtime.expose.join(' ')}: the service listens on ${port}` });
    const fallback = /process\.env\.PORT\s*\|\|\s*(\d+)/.exec(runtime.healthcheck?.command ?? '')?.[1];
    if (fallback !== String(port))
      problems.push({ code: 'MAPR-EXPOSE', message: `the HEALTHCHECK falls back to port ${fallback}, not ${port}` });
    const compose = parseYaml(files.compose) as { services: Record<string, { build?: unknown; ports?: string[] }> };
    // The services compose builds from this Dockerfile (others, such as OSRM, are images of their own).
    for (const [name, service] of Object.entries(compose.services).filter(([, s]) => s.build !== undefined)) {
      for (const mapping of service.ports ?? []) {
        const container = mapping.split(':').pop();
        if (container !== String(port))
          problems.push({ code: 'MAPR-EXPOSE', message: `docker-compose.yml ${name}: ports ${mapping} publish ${container}, not ${port}` });
      }
    }
  }

  // MAPR-COPY-FROM and MAPR-NPM: the build stage's copies and commands.
  const build = stages.find((s) => s.name === 'build');
  const buildRuns = (build?.instructions ?? []).filter((i) => i.getKeyword() === 'RUN');
  const buildCommands = buildRuns.flatMap(commands).map((words) => words.join(' '));
  const workdirOf = (stage: Stage) =>
    stage.instructions
      .filter((i) => i.getKeyword() === 'WORKDIR')
      .pop()
      ?.getArguments()[0]
      ?.getValue() ?? '/';
  const buildRoot = build ? workdirOf(build).replace(/\/?$/, '/') : '/';
  const contextCopied = (build?.instructions ?? []).some(
    (i) =>
      i.getKeyword() === 'COPY' &&
      i
        .getArguments()
        .map((a) => a.getValue())
        .join(' ') === '. .',
  );
  for (const stage of stages) {
    for (const copy of stage.instructions.filter((i) => i.getKeyword() === 'COPY')) {
      const args = copy.getArguments().map((a) => a.getValue());
      if (fromFlag(copy) !== 'build') continue;
      for (const source of args.slice(0, -1)) {
        const inApp = source.startsWith(buildRoot) ? source.slice(buildRoot.length).replace(/\/$/, '') : null;
        const maker = inApp === null ? undefined : BUILD_OUTPUTS[inApp.split('/')[0]];
        if (inApp === null)
          problems.push({ code: 'MAPR-COPY-FROM', line: line(copy), message: `${source} is outside the build stage's ${buildRoot}` });
        else if (maker) {
          if (!buildCommands.some((c) => c.startsWith(maker)))
            problems.push({
              code: 'MAPR-COPY-FROM',
              line: line(copy),
              message: `${source} is made by \`${maker}\`, which the build stage does not run`,
            });
        } else if (!files.exists(inApp))
          problems.push({
            code: 'MAPR-COPY-FROM',
            line: line(copy),
            message: `${source}: neither made by the build stage nor in the repository`,
          });
        else if (!contextCopied || ignoredByDockerignore(files.dockerignore, inApp)) {
          problems.push({
            code: 'MAPR-COPY-FROM',
            line: line(copy),
            message: `${source}: in the repository, but it never reaches the build stage (COPY . . and .dockerignore)`,
          });
        }
      }
    }
  }

  const pkg = JSON.parse(files.packageJson) as { scripts: Record<string, string>; workspaces?: string[] };
  for (const run of buildRuns) {
    for (const words of commands(run)) {
      if (words[0] === 'npm' && words[1] === 'run' && !(words[2] in pkg.scripts)) {
        problems.push({ code: 'MAPR-NPM', line: line(run), message: `npm run ${words[2]}: no such script in package.json` });
      }
    }
  }
  const npmCi = buildRuns.find((run) => commands(run).some((w) => w[0] === 'npm' && w[1] === 'ci'));
  if (!npmCi) problems.push({ code: 'MAPR-NPM', message: 'the build stage never runs `npm ci` (the lock’s exact versions)' });
  else {
    const copiedBefore = (build?.instructions ?? [])
      .filter((i) => i.getKeyword() === 'COPY' && i.getRange().start.line < npmCi.getRange().start.line)
      .flatMap((i) => {
        const args = i.getArguments().map((a) => a.getValue());
        const destination = args[args.length - 1];
        return args.slice(0, -1).map((source) => ({ source, destination }));
      });
    const needed = ['package.json', 'package-lock.json', ...(pkg.workspaces ?? []).flatMap((w) => workspaceManifests(w, files))];
    for (const manifest of needed) {
      if (!copiedBefore.some((c) => c.source === manifest || c.source === '.')) {
        problems.push({ code: 'MAPR-NPM', line: line(npmCi), message: `${manifest} is not copied before \`npm ci\`` });
      }
    }
  }

  for (const path of KEPT_OUT) {
    if (!ignoredByDockerignore(files.dockerignore, path))
      problems.push({ code: 'MAPR-DOCKERIGNORE', message: `${path} reaches the build context` });
  }
  return problems;
}

/** The package.json of each workspace a `workspaces` entry names (`packages/*`: those the repository has). */
function workspaceManifests(workspace: string, files: ImageFiles): string[] {
  if (!workspace.endsWith('/*')) return [`${workspace}/package.json`];
  const folder = workspace.slice(0, -2);
  return files
    .folders(folder)
    .map((name) => `${folder}/${name}/package.json`)
    .filter((manifest) => files.exists(manifest));
}

export interface ImageRuntime {
  /** The last stage's ENV, in order. */
  env: Record<string, string>;
  workdir: string;
  expose: string[];
  stopSignal: string;
  entrypoint: string[];
  cmd: string[];
  /** `argv`: the command as Docker runs it (shell form through /bin/sh -c); `command`: as written. */
  healthcheck: { command: string; argv: string[]; intervalSeconds: number; timeoutSeconds: number } | null;
}

function seconds(duration: string | undefined, fallback: number): number {
  if (!duration) return fallback;
  const match = /^(\d+(?:\.\d+)?)(ms|s|m)$/.exec(duration);
  if (!match) throw new Error(`a duration Docker reads and this check does not: ${duration}`);
  return Number(match[1]) * { ms: 0.001, s: 1, m: 60 }[match[2] as 'ms' | 's' | 'm'];
}

/** How the image's last stage runs the service, from the Dockerfile (Docker's defaults where it says nothing). */
export function imageRuntime(dockerfile: string): ImageRuntime {
  const stages = stagesOf(dockerfile);
  const last = stages[stages.length - 1]?.instructions ?? [];
  const of = (keyword: string) => last.filter((i) => i.getKeyword() === keyword);
  const json = (keyword: string) => {
    const instruction = of(keyword).pop() as JSONInstruction | undefined;
    return instruction ? instruction.getJSONStrings().map((s) => s.getJSONValue()) : [];
  };
  const env: Record<string, string> = {};
  for (const instruction of of('ENV')) {
    for (const property of (
      instruction as unknown as { getProperties(): { getName(): string; getValue(): string | null }[] }
    ).getProperties()) {
      env[property.getName()] = property.getValue() ?? '';
    }
  }
  const check = of('HEALTHCHECK').pop();
  let healthcheck: ImageRuntime['healthcheck'] = null;
  if (check) {
    const flags = Object.fromEntries(
      (check as unknown as { getFlags(): { getName(): string; getValue(): string }[] }).getFlags().map((f) => [f.getName(), f.getValue()]),
    );
    const content = check.getArgumentsContent() ?? '';
    const command = content.replace(/^(\s*--\S+\s+)*/, '').replace(/^CMD\s+/, '');
    const argv = command.startsWith('[') ? (JSON.parse(command) as string[]) : ['/bin/sh', '-c', command];
    healthcheck = { command, argv, intervalSeconds: seconds(flags.interval, 30), timeoutSeconds: seconds(flags.timeout, 30) };
  }
  return {
    env,
    workdir: of('WORKDIR').pop()?.getArguments()[0]?.getValue() ?? '/',
    expose: of('EXPOSE').flatMap((i) => i.getArguments().map((a) => a.getValue())),
    stopSignal: of('STOPSIGNAL').pop()?.getArguments()[0]?.getValue() ?? 'SIGTERM',
    entrypoint: json('ENTRYPOINT'),
    cmd: json('CMD'),
    healthcheck,
  };
}
