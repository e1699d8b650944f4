/**
 * Routes over the sea lanes and road networks on a worker thread, so that the process's event loop keeps answering
 * (contract §27; ADR 0036). A 25-leg sea route with avoided passages is a second of steady computation (several with
 * the sea lanes' graph still to build), a country's road network as long for a few long legs: on the API's own
 * thread every other request would wait that long.
 *
 * One thread (a pool of one) holds the sea lanes' graph, built as it starts, and its own road router (built from the
 * same settings as the process's: the road network file is read on that thread). Routes take turns, first come first
 * served. A route may have a budget (a preview's, `PREVIEW_ROUTING_BUDGET_MS`): past it the caller gets
 * ROUTE_TOO_COMPLEX at once, the thread stops that route at its next leg, and a thread that has not stopped a second
 * later (a leg running long) is ended and a fresh one started for the routes waiting, so no work goes on past the
 * budget. Routes without a budget (a job's, in a process that serves the API) run to their end.
 *
 * This file is also the thread's entry point: loaded with its `workerData`, it builds the network and answers routes.
 */
import { Logger, type LoggerService } from '@nestjs/common';
import { isMainThread, type MessagePort, parentPort, Worker, workerData } from 'node:worker_threads';
import { planRoute, type PlanRouteInput } from './plan-route';
import { createRoadRouter } from './road/create-road-router';
import type { RoutePlan } from './route-plan';
import { RouteBudgetErrors, type RouteFailureCode, RoutingError } from './routing.errors';
import { maritimeNetwork } from './sea/maritime-network';

/** The road router the thread builds for itself: the process's settings (`createRoadRouter`). */
export interface RoutingThreadSettings {
  routerUrl?: string;
  networkFile?: string;
}

/** How long a thread past a route's budget has to stop it before the thread is ended. */
const STOP_GRACE_MS = 1_000;

/** What the thread is handed (the key marks this file's own threads). */
interface ThreadInput {
  routingThread: RoutingThreadSettings;
  /** One Int32: 1 while tests hold routes (`RoutingThread.holdRoutes`), else 0. */
  gate: SharedArrayBuffer;
}

type ToThread = { kind: 'plan'; id: number; input: PlanRouteInput; budgetMs: number | null } | { kind: 'cancel'; id: number };

type RouteFailure =
  { routing: { code: RouteFailureCode; message: string } } | { overBudget: true } | { stopped: true } | { internal: string };

type FromThread =
  | { kind: 'ready' }
  | { kind: 'started'; id: number }
  | { kind: 'planned'; id: number; plan: RoutePlan }
  | { kind: 'failed'; id: number; failure: RouteFailure }
  | { kind: 'log'; level: LogLevel; args: unknown[] };

type LogLevel = 'log' | 'error' | 'warn' | 'debug' | 'verbose' | 'fatal';

interface Route {
  id: number;
  input: PlanRouteInput;
  budgetMs: number | null;
  resolve(plan: RoutePlan): void;
  reject(error: unknown): void;
}

/** A thread and what it is doing: starting (building the network), idle, or routing one route. */
interface Running {
  worker: Worker;
  ready: boolean;
  route?: Route;
  /** The route's budget ran out: it was answered ROUTE_TOO_COMPLEX, the thread told to stop it. */
  overBudget?: boolean;
  timer?: NodeJS.Timeout;
}

export class RoutingThread {
  private readonly logger = new Logger(RoutingThread.name);
  private running?: Running;
  private readonly line: Route[] = [];
  private nextId = 1;
  private stopped = false;
  private readonly gate = new Int32Array(new SharedArrayBuffer(4));
  private startedWaiters: Array<() => void> = [];
  private started = 0;

  constructor(private readonly settings: RoutingThreadSettings) {}

  /** Threads started so far (a thread ended past a budget is replaced by a new one). */
  get threadsStarted(): number {
    return this.started;
  }

  /** Starts the thread now (it builds the sea lanes' graph and reads the road network), so the first route does not wait. */
  start(): void {
    if (this.stopped || this.running) return;
    this.running = this.spawn();
    this.running.worker.unref();
  }

  /**
   * Plans the route on the thread. With `budgetMs`, a route still running after that long (from the moment the thread
   * takes it up; waiting for its turn does not count) is answered ROUTE_TOO_COMPLEX and stopped.
   */
  plan(input: PlanRouteInput, options: { budgetMs: number | null }): Promise<RoutePlan> {
    if (this.stopped) return Promise.reject(new Error('Routing has stopped: the service is shutting down'));
    return new Promise<RoutePlan>((resolve, reject) => {
      this.line.push({ id: this.nextId++, input, budgetMs: options.budgetMs, resolve, reject });
      this.next();
    });
  }

  /** Ends the thread; routes waiting or running are refused. */
  async stop(): Promise<void> {
    this.stopped = true;
    const shutdown = new Error('Routing has stopped: the service is shutting down');
    for (const route of this.line.splice(0)) route.reject(shutdown);
    const running = this.running;
    this.running = undefined;
    if (!running) return;
    clearTimeout(running.timer);
    if (running.route && !running.overBudget) running.route.reject(shutdown);
    await running.worker.terminate();
  }

  /**
   * For tests: the thread waits before each route until released, as if the route were a long computation on it (a
   * wait that holds the thread, not the process). Returns the release.
   */
  holdRoutes(): () => void {
    Atomics.store(this.gate, 0, 1);
    return () => {
      Atomics.store(this.gate, 0, 0);
      Atomics.notify(this.gate, 0);
    };
  }

  /** For tests: resolves when the thread next begins a route. */
  routeStarted(): Promise<void> {
    return new Promise((resolve) => this.startedWaiters.push(resolve));
  }

  private spawn(): Running {
    this.started++;
    // Run from TypeScript (tests, ts-node), the thread needs the same compiler hook; built, it runs the .js beside.
    const typescript = __filename.endsWith('.ts');
    const worker = new Worker(__filename, {
      workerData: { routingThread: this.settings, gate: this.gate.buffer as SharedArrayBuffer } satisfies ThreadInput,
      execArgv: typescript ? ['-r', 'ts-node/register/transpile-only'] : [],
    });
    const running: Running = { worker, ready: false };
    worker.on('message', (message: FromThread) => this.onMessage(running, message));
    worker.on('error', (error) => this.logger.error({ err: error }, 'The routing thread failed'));
    worker.on('exit', (code) => this.onExit(running, code));
    return running;
  }

  /** Hands the next route in line to the thread when it is ready and idle, starting one if there is none. */
  private next(): void {
    if (this.stopped) return;
    if (this.line.length === 0) {
      // An idle thread keeps no process alive; one with routes to answer does.
      if (this.running && !this.running.route) this.running.worker.unref();
      return;
    }
    const running = (this.running ??= this.spawn());
    running.worker.ref();
    if (!running.ready || running.route) return;
    const route = this.line.shift()!;
    try {
      running.worker.postMessage({ kind: 'plan', id: route.id, input: route.input, budgetMs: route.budgetMs } satisfies ToThread);
    } catch (error) {
      route.reject(error); // an input that cannot be copied to the thread (never a normalised request)
      return this.next();
    }
    running.route = route;
    running.overBudget = false;
    if (route.budgetMs !== null) running.timer = setTimeout(() => this.overBudget(running, route), route.budgetMs);
  }

  /** The route's budget ran out: refuse it now, tell the thread to stop it, and end the thread if it has not within the grace. */
  private overBudget(running: Running, route: Route): void {
    if (running.route !== route) return;
    running.overBudget = true;
    route.reject(RouteBudgetErrors.routeTooComplex(route.budgetMs!));
    running.worker.postMessage({ kind: 'cancel', id: route.id } satisfies ToThread);
    running.timer = setTimeout(() => {
      if (running.route !== route) return;
      this.logger.warn({ budget_ms: route.budgetMs }, 'The routing thread did not stop a route past its budget: ending the thread');
      void running.worker.terminate();
    }, STOP_GRACE_MS);
  }

  private onMessage(running: Running, message: FromThread): void {
    if (message.kind === 'log') return relayLog(message.level, message.args);
    if (message.kind === 'ready') {
      running.ready = true;
      return this.next();
    }
    const route = running.route;
    if (message.kind === 'started') {
      for (const waiter of this.startedWaiters.splice(0)) waiter();
      return;
    }
    if (!route || message.id !== route.id) return; // the late answer of a route already refused
    clearTimeout(running.timer);
    running.route = undefined;
    if (!running.overBudget) {
      if (message.kind === 'planned') route.resolve(message.plan);
      else route.reject(errorOf(message.failure, route));
    }
    this.next();
  }

  private onExit(running: Running, code: number): void {
    clearTimeout(running.timer);
    if (this.running === running) this.running = undefined;
    const route = running.route;
    if (route && !running.overBudget) route.reject(new Error(`The routing thread stopped (exit code ${code}) while planning a route`));
    if (!running.ready && !running.overBudget && !this.stopped) {
      // It could not even start (the sea lanes' data unreadable): refuse what waits rather than start it again and again.
      for (const waiting of this.line.splice(0)) waiting.reject(new Error(`The routing thread could not start (exit code ${code})`));
      return;
    }
    this.next();
  }
}

/** What a failure the thread reports becomes for the caller. */
function errorOf(failure: RouteFailure, route: Route): Error {
  if ('routing' in failure) return new RoutingError(failure.routing.code, failure.routing.message);
  if ('overBudget' in failure || 'stopped' in failure) return RouteBudgetErrors.routeTooComplex(route.budgetMs ?? 0);
  return new Error(`Routing failed on the routing thread: ${failure.internal}`);
}

/** A log line of the thread (the road router's "Road network loaded"), written by this process's logger. */
function relayLog(level: LogLevel, args: unknown[]): void {
  const context = typeof args[args.length - 1] === 'string' ? (args[args.length - 1] as string) : RoutingThread.name;
  const logger = new Logger(context);
  const [message, ...rest] = args.slice(0, -1);
  logger[level](message, ...rest);
}

// ---- The thread ----

/** Passes the thread's log lines to the process, whose logger writes them (JSON in production). */
class ParentLogger implements LoggerService {
  constructor(private readonly port: MessagePort) {}
  private send(level: LogLevel, args: unknown[]): void {
    try {
      this.port.postMessage({ kind: 'log', level, args } satisfies FromThread);
    } catch {
      this.port.postMessage({ kind: 'log', level, args: args.map((arg) => String(arg)) } satisfies FromThread);
    }
  }
  log(...args: unknown[]) {
    this.send('log', args);
  }
  error(...args: unknown[]) {
    this.send('error', args);
  }
  warn(...args: unknown[]) {
    this.send('warn', args);
  }
  debug(...args: unknown[]) {
    this.send('debug', args);
  }
  verbose(...args: unknown[]) {
    this.send('verbose', args);
  }
  fatal(...args: unknown[]) {
    this.send('fatal', args);
  }
}

/** A route stopped at a leg: its budget ran out, or the process no longer waits for it. */
class RouteStopped extends Error {
  constructor(readonly overBudget: boolean) {
    super(overBudget ? 'over budget' : 'stopped');
  }
}

function runThread(port: MessagePort, input: ThreadInput): void {
  Logger.overrideLogger(new ParentLogger(port));
  const gate = new Int32Array(input.gate);
  const roadRouter = createRoadRouter(input.routingThread);
  void roadRouter.preload?.().catch(() => undefined);
  maritimeNetwork();
  const unwanted = new Set<number>();
  const inProgress = new Set<number>();
  port.on('message', (message: ToThread) => {
    if (message.kind === 'cancel') {
      // The route is waiting (for a road network being read, an OSRM answer), or it has ended: a route computing would
      // not have let the message in (it stops at its next leg, by its own deadline). Free the thread at once.
      if (!inProgress.has(message.id)) return;
      unwanted.add(message.id);
      port.postMessage({ kind: 'failed', id: message.id, failure: { stopped: true } } satisfies FromThread);
      return;
    }
    void plan(message.id, message.input, message.budgetMs);
  });
  port.postMessage({ kind: 'ready' } satisfies FromThread);

  async function plan(id: number, route: PlanRouteInput, budgetMs: number | null): Promise<void> {
    port.postMessage({ kind: 'started', id } satisfies FromThread);
    while (Atomics.load(gate, 0) === 1) Atomics.wait(gate, 0, 1);
    const deadline = budgetMs === null ? Infinity : performance.now() + budgetMs;
    const checkpoint = () => {
      if (performance.now() > deadline) throw new RouteStopped(true);
      if (unwanted.has(id)) throw new RouteStopped(false);
    };
    inProgress.add(id);
    let answer: FromThread;
    try {
      answer = { kind: 'planned', id, plan: await planRoute(route, { roadRouter, checkpoint }) };
    } catch (error) {
      const failure: RouteFailure =
        error instanceof RoutingError
          ? { routing: { code: error.code, message: error.message } }
          : error instanceof RouteStopped
            ? error.overBudget
              ? { overBudget: true }
              : { stopped: true }
            : { internal: error instanceof Error ? error.message : String(error) };
      answer = { kind: 'failed', id, failure };
    }
    inProgress.delete(id);
    if (!unwanted.delete(id)) port.postMessage(answer);
  }
}

const threadInput = workerData as Partial<ThreadInput> | null;
if (!isMainThread && parentPort && threadInput?.routingThread && threadInput.gate) runThread(parentPort, threadInput as ThreadInput);
