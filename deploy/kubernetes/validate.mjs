/**
 * Validates the Kubernetes manifests under a folder (default: this one) against the Kubernetes API's schemas, as the
 * `kubernetes-models` packages carry them (the API's own OpenAPI, and KEDA's CRDs in `@kubernetes-models/keda`):
 *
 * - every YAML document parses, and its apiVersion/kind is one this deployment uses (a table below);
 * - the object passes the schema's validator (types, required fields, enums, formats);
 * - no field is unknown: the schemas' validators let extra fields through, as the API server does without strict field
 *   validation, so each object is also type-checked against the same package's TypeScript interface, whose excess-
 *   property check names a misspelt or misplaced field at any depth;
 * - a kustomization.yaml lists files that exist, and every manifest file beside it.
 *
 * `node deploy/kubernetes/validate.mjs [folder]` prints one line per problem and exits 1 if there is any; the unit
 * suite runs it (deploy/kubernetes/manifests.spec.ts). An ES module because `kubernetes-models` ships only those.
 */
import * as fs from 'node:fs';
import * as path from 'node:path';
import { fileURLToPath } from 'node:url';
import ts from 'typescript';
import { parseAllDocuments } from 'yaml';

const here = path.dirname(fileURLToPath(import.meta.url));
const root = path.resolve(here, '../..');

/** apiVersion/kind → the package (module) and class that model it. */
const MODELS = {
  'v1/ConfigMap': ['kubernetes-models/v1', 'ConfigMap'],
  'v1/Secret': ['kubernetes-models/v1', 'Secret'],
  'v1/Service': ['kubernetes-models/v1', 'Service'],
  'apps/v1/Deployment': ['kubernetes-models/apps/v1', 'Deployment'],
  'policy/v1/PodDisruptionBudget': ['kubernetes-models/policy/v1', 'PodDisruptionBudget'],
  'keda.sh/v1alpha1/ScaledObject': ['@kubernetes-models/keda/keda.sh/v1alpha1', 'ScaledObject'],
  'keda.sh/v1alpha1/TriggerAuthentication': ['@kubernetes-models/keda/keda.sh/v1alpha1', 'TriggerAuthentication'],
};

function yamlFiles(dir) {
  return fs
    .readdirSync(dir, { withFileTypes: true })
    .flatMap((entry) => {
      const full = path.join(dir, entry.name);
      if (entry.isDirectory()) return yamlFiles(full);
      return /\.ya?ml$/.test(entry.name) ? [full] : [];
    })
    .sort();
}

/** Each document of each manifest file, with where it came from; problems of parsing and of kustomizations. */
function readManifests(dir) {
  const problems = [];
  const objects = [];
  for (const file of yamlFiles(dir)) {
    const where = path.relative(root, file);
    const documents = parseAllDocuments(fs.readFileSync(file, 'utf8'));
    documents.forEach((document, index) => {
      for (const error of document.errors) problems.push(`${where}: ${error.message}`);
      if (document.errors.length > 0) return;
      const object = document.toJS();
      if (object === null || object === undefined) return;
      if (path.basename(file) === 'kustomization.yaml') {
        problems.push(...checkKustomization(file, where, object));
        return;
      }
      objects.push({ where: `${where} #${index + 1} (${object.kind ?? '?'} ${object.metadata?.name ?? '?'})`, object });
    });
  }
  return { problems, objects };
}

function checkKustomization(file, where, kustomization) {
  const problems = [];
  const dir = path.dirname(file);
  const listed = kustomization.resources ?? [];
  for (const resource of listed) {
    if (!fs.existsSync(path.join(dir, resource))) problems.push(`${where}: resource ${resource} does not exist`);
  }
  for (const sibling of fs.readdirSync(dir)) {
    if (/\.ya?ml$/.test(sibling) && sibling !== 'kustomization.yaml' && !listed.includes(sibling)) {
      problems.push(`${where}: ${sibling} is not listed in resources`);
    }
  }
  return problems;
}

/** The schemas' validators (ajv, compiled into the packages). */
async function schemaProblems(objects) {
  const problems = [];
  for (const { where, object } of objects) {
    const model = MODELS[`${object.apiVersion}/${object.kind}`];
    if (!model) {
      problems.push(`${where}: no schema for apiVersion ${object.apiVersion}, kind ${object.kind}`);
      continue;
    }
    const [module, className] = model;
    const Model = (await import(module))[className];
    try {
      new Model(object).validate();
    } catch (error) {
      problems.push(`${where}: ${error instanceof Error ? error.message : String(error)}`);
    }
  }
  return problems;
}

/** Unknown fields (and wrong types) at any depth: each object as a literal of its model's TypeScript interface. */
function fieldProblems(objects) {
  const sources = new Map();
  const whereOf = new Map();
  objects.forEach(({ where, object }, index) => {
    const model = MODELS[`${object.apiVersion}/${object.kind}`];
    if (!model) return;
    const [module, className] = model;
    const fileName = path.join(root, `__manifest_${index}.ts`);
    sources.set(
      fileName,
      `import type { I${className} } from '${module}';\nexport const manifest: I${className} = ${JSON.stringify(object, null, 2)};\n`,
    );
    whereOf.set(fileName, where);
  });
  const options = {
    strict: true,
    noEmit: true,
    skipLibCheck: true,
    target: ts.ScriptTarget.ES2022,
    module: ts.ModuleKind.ESNext,
    moduleResolution: ts.ModuleResolutionKind.Bundler,
    types: [],
  };
  const host = ts.createCompilerHost(options);
  const readFile = host.readFile.bind(host);
  const fileExists = host.fileExists.bind(host);
  const getSourceFile = host.getSourceFile.bind(host);
  host.readFile = (fileName) => sources.get(path.resolve(fileName)) ?? readFile(fileName);
  host.fileExists = (fileName) => sources.has(path.resolve(fileName)) || fileExists(fileName);
  host.getSourceFile = (fileName, languageVersion, onError, shouldCreate) => {
    const source = sources.get(path.resolve(fileName));
    return source !== undefined
      ? ts.createSourceFile(fileName, source, languageVersion, true)
      : getSourceFile(fileName, languageVersion, onError, shouldCreate);
  };
  const program = ts.createProgram([...sources.keys()], options, host);
  return ts.getPreEmitDiagnostics(program).map((diagnostic) => {
    const message = ts.flattenDiagnosticMessageText(diagnostic.messageText, ' ');
    const fileName = diagnostic.file ? path.resolve(diagnostic.file.fileName) : '';
    if (!whereOf.has(fileName)) return `${fileName || 'type check'}: ${message}`;
    const { line } = diagnostic.file.getLineAndCharacterOfPosition(diagnostic.start ?? 0);
    const text = diagnostic.file.text.split('\n')[line].trim();
    return `${whereOf.get(fileName)}: ${message} (at ${text})`;
  });
}

export async function validateManifests(dir = here) {
  const { problems, objects } = readManifests(dir);
  if (objects.length === 0) problems.push(`${path.relative(root, dir) || dir}: no manifests`);
  problems.push(...(await schemaProblems(objects)), ...fieldProblems(objects));
  return { checked: objects.map(({ where }) => where), problems };
}

if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  const { checked, problems } = await validateManifests(path.resolve(process.argv[2] ?? here));
  for (const where of checked) console.log(`checked ${where}`);
  for (const problem of problems) console.error(`problem ${problem}`);
  console.log(`${checked.length} objects, ${problems.length} problems`);
  process.exit(problems.length > 0 ? 1 : 0);
}
