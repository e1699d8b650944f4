/**
 * The Kubernetes manifests (deploy/kubernetes/base) against the Kubernetes and KEDA schemas, through validate.mjs (an
 * ES module: `kubernetes-models` ships only those, so it runs in its own Node process), and against facts of the
 * service they depend on (queue names, health check, shutdown time).
 */
import { execFileSync } from 'node:child_process';
import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import type { IScaledObject } from '@kubernetes-models/keda/keda.sh/v1alpha1';
import type { IDeployment } from 'kubernetes-models/apps/v1';
import type { IConfigMap } from 'kubernetes-models/v1';
import { parseAllDocuments } from 'yaml';
import { RENDER_QUEUE } from '../../src/modules/rendering/jobs/render-queue';

const here = __dirname;
const base = path.join(here, 'base');

function validate(dir: string): { ok: boolean; output: string } {
  try {
    const output = execFileSync(process.execPath, [path.join(here, 'validate.mjs'), dir], { encoding: 'utf8', stdio: 'pipe' });
    return { ok: true, output };
  } catch (error) {
    const { stdout, stderr } = error as { stdout: string; stderr: string };
    return { ok: false, output: `${stdout}${stderr}` };
  }
}

/** A copy of the base folder, edited, in a temporary folder. */
function editedCopy(edits: Record<string, (text: string) => string>): string {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'mapr-manifests-'));
  for (const file of fs.readdirSync(base)) fs.copyFileSync(path.join(base, file), path.join(dir, file));
  for (const [file, edit] of Object.entries(edits)) {
    const target = path.join(dir, file);
    const before = fs.existsSync(target) ? fs.readFileSync(target, 'utf8') : '';
    const after = edit(before);
    if (after === before) throw new Error(`the edit of ${file} changed nothing`);
    fs.writeFileSync(target, after);
  }
  return dir;
}

/** The objects of one manifest file, typed as the caller knows them to be (the validator checks that they are). */
function objects<T>(file: string): T[] {
  return parseAllDocuments(fs.readFileSync(path.join(base, file), 'utf8')).map((document) => document.toJS() as T);
}

describe('Kubernetes manifests', () => {
  const copies: string[] = [];
  afterAll(() => copies.forEach((dir) => fs.rmSync(dir, { recursive: true, force: true })));

  it('are valid against the Kubernetes and KEDA schemas, with no unknown field', () => {
    const { ok, output } = validate(base);
    expect(output).toMatch(/12 objects, 0 problems/);
    expect(ok).toBe(true);
  });

  it('are refused with a misspelt field, a field out of place, a wrong type or a missing required field', () => {
    const dir = editedCopy({
      'worker.yaml': (text) => text.replace('          image: mapr\n', '          image: mapr\n          imagePullPolicyy: Always\n'),
      'api.yaml': (text) => text.replace('  minAvailable: 1\n', '  minAvailable: 1\n  replicas: 2\n'),
      'worker-autoscaling.yaml': (text) =>
        text.replace("        listLength: '1'\n", '        listLength: 1\n').replace('    name: mapr-worker\n', '    nme: mapr-worker\n'),
      'external-services.yaml': (text) => text.replace('    - name: postgres\n      port: 5432\n', '    - name: postgres\n'),
    });
    copies.push(dir);
    const { ok, output } = validate(dir);
    expect(ok).toBe(false);
    expect(output).toMatch(/worker\.yaml #1 \(Deployment mapr-worker\): .*'"imagePullPolicyy"' does not exist in type 'IContainer'/);
    expect(output).toMatch(/api\.yaml #3 \(PodDisruptionBudget mapr-api\): .*'"replicas"' does not exist/);
    expect(output).toMatch(/ScaledObject mapr-worker\): .*data\/spec\/triggers\/0\/metadata\/listLength must be string/);
    expect(output).toMatch(/ScaledObject mapr-worker\): .*data\/spec\/scaleTargetRef must have required property name/);
    expect(output).toMatch(/ScaledObject mapr-worker\): .*'"nme"' does not exist in type 'IScaleTarget'/);
    expect(output).toMatch(/Service mapr-postgres\): data\/spec\/ports\/0 must have required property port/);
  });

  it('are refused when the kustomization leaves a manifest out', () => {
    const dir = editedCopy({ 'extra.yaml': () => 'apiVersion: v1\nkind: ConfigMap\nmetadata:\n  name: extra\n' });
    copies.push(dir);
    const { ok, output } = validate(dir);
    expect(ok).toBe(false);
    expect(output).toMatch(/kustomization\.yaml: extra\.yaml is not listed in resources/);
  });

  it('scale the workers on the render queue’s Bull lists under the configured key prefix', () => {
    const [config] = objects<IConfigMap>('config.yaml');
    const [scaledObject] = objects<IScaledObject>('worker-autoscaling.yaml');
    const settings = config.data!;
    const prefix = `${settings.REDIS_KEY_PREFIX}:bull:${RENDER_QUEUE}`; // render-queue.ts: prefix `<key prefix>:bull`
    const lists = Object.fromEntries(scaledObject.spec.triggers.map((trigger) => [trigger.name, trigger.metadata.listName]));
    expect(lists).toEqual({ waiting: `${prefix}:wait`, rendering: `${prefix}:active` });
    const modifiers = scaledObject.spec.advanced!.scalingModifiers!;
    expect(modifiers.formula).toBe('waiting + rendering');
    // One entry per worker pod, as the ConfigMap's WORKER_CONCURRENCY says.
    expect(modifiers.target).toBe(settings.WORKER_CONCURRENCY);
  });

  it('check the worker with its health check, and give both roles longer to stop than their graceful shutdown', () => {
    const shutdownGrace = /const SHUTDOWN_GRACE_MS = ([\d_]+);/.exec(fs.readFileSync(path.join(here, '../../src/bootstrap.ts'), 'utf8'));
    const graceSeconds = Number(shutdownGrace![1].replace(/_/g, '')) / 1000;
    const [api] = objects<IDeployment>('api.yaml');
    const [worker] = objects<IDeployment>('worker.yaml');
    const apiPod = api.spec!.template.spec!;
    const workerPod = worker.spec!.template.spec!;
    const preStop = Number(apiPod.containers[0].lifecycle!.preStop!.exec!.command![1]);
    expect(apiPod.terminationGracePeriodSeconds).toBeGreaterThan(preStop + graceSeconds);
    expect(workerPod.terminationGracePeriodSeconds).toBeGreaterThan(graceSeconds);
    const container = workerPod.containers[0];
    for (const probe of [container.startupProbe, container.readinessProbe, container.livenessProbe]) {
      expect(probe?.exec?.command).toEqual(['node', 'dist/src/worker-health.js']);
    }
    expect(fs.existsSync(path.join(here, '../../src/worker-health.ts'))).toBe(true);
    expect(worker.spec!.replicas).toBeUndefined(); // KEDA's
  });
});
