import { Inject, Injectable, Logger, OnModuleDestroy } from '@nestjs/common';
import { AuthErrors, type Principal } from '../../auth';
import type { MapAnimationProps } from '../../contract';
import type { StillRenderer } from '../renderer';
import { PreviewStillErrors } from '../errors/rendering.errors';
import { PreviewStillAllowance } from './preview-still-allowance';
import { RenderPreviewService } from './render-preview.service';

export const PREVIEW_STILL_RENDERER = Symbol('PREVIEW_STILL_RENDERER');
export const PREVIEW_STILL_OPTIONS = Symbol('PREVIEW_STILL_OPTIONS');

export interface PreviewStillOptions {
  /** Requests that may wait while one still is drawn; beyond them: 429 PREVIEW_STILL_BUSY. */
  maxWaiting: number;
  /**
   * From the moment a request joins the line (waiting included) until its still is drawn: a still the line would not
   * leave time to be drawn within it is refused at once (429 PREVIEW_STILL_BUSY); one drawn past it is cancelled (503).
   */
  timeoutMs: number;
  /** The browser closes after this long without a still. */
  idleMs: number;
  /** How long a cancelled still may take to end before the browser is closed under it. */
  cancelGraceMs: number;
}

export const DEFAULT_PREVIEW_STILL_OPTIONS: PreviewStillOptions = {
  maxWaiting: 4,
  timeoutMs: 30_000,
  idleMs: 60_000,
  cancelGraceMs: 5_000,
};

/** What a still is expected to take before any was drawn: a browser's start and one frame, measured 2–4 s here. */
const FIRST_DRAW_ESTIMATE_MS = 4_000;
/** Weight of the latest draw in the running estimate of a draw's time. */
const ESTIMATE_WEIGHT = 0.3;
/** Largest frame a still is drawn at when its resolution is above the caller's plan (contract §27): 1080p's pixels. */
const ABOVE_PLAN_MAX_PIXELS = 1920 * 1080;

/** Routing of a still's body may take this long on top of drawing, in the life of an account's in-flight mark. */
const ROUTING_ALLOWANCE_MS = 30_000;

export interface PreviewStill {
  png: Buffer;
  /** The frame drawn (the last one unless asked). */
  frame: number;
}

interface Waiter {
  start: () => void;
  refuse: (error: Error) => void;
}

/**
 * The frame a still is drawn at: the video's, or, when its resolution is above the caller's plan (previewed, not
 * renderable), scaled down to 1080p's pixels at most, keeping the aspect ratio (both sides even, as frames are).
 */
export function stillFrameSize(props: Pick<MapAnimationProps, 'width' | 'height'>, abovePlan: boolean): { width: number; height: number } {
  const pixels = props.width * props.height;
  if (!abovePlan || pixels <= ABOVE_PLAN_MAX_PIXELS) return { width: props.width, height: props.height };
  const scale = Math.sqrt(ABOVE_PLAN_MAX_PIXELS / pixels);
  const even = (side: number) => Math.max(2, Math.floor((side * scale) / 2) * 2);
  return { width: even(props.width), height: even(props.height) };
}

/**
 * `POST /v1/render/preview/still`: one frame of exactly what the render would show, as a PNG, for callers with
 * no browser of their own (the `mapr preview` command). The body goes through RenderPreviewService (the checks,
 * routing and props of a preview, so its errors are previewRender's); the frame is then drawn by this API
 * process's own renderer, a Chromium launched on the first still and closed after `idleMs` without one.
 *
 * A hosted API must not let stills crowd out its requests (contract §27): only accounts with a verified e-mail draw
 * stills (403 EMAIL_NOT_VERIFIED); one still is drawn at a time, at most `maxWaiting` requests wait for their turn,
 * and each has `timeoutMs` from joining the line. A still that the line ahead of it (the draw under way and those
 * waiting, at the running estimate of a draw's time) would not leave time to be drawn before that deadline is refused
 * at once, 429 PREVIEW_STILL_BUSY with Retry-After, rather than cancelled later; one drawn past its deadline anyway
 * is cancelled (503 SERVICE_UNAVAILABLE), and the cancel never takes the process or the browser of other draws down
 * (RemotionRenderer lets the cancelled tab close before anything closes the browser). Above the caller's plan a
 * still is drawn at 1080p at most. Routing happens before the line, so a still waits only for drawing.
 * No account crowds out another (PreviewStillAllowance): each has one still in flight at most, across API
 * processes (a second is 429 PREVIEW_STILL_IN_PROGRESS), so the first-come line holds one place per account;
 * its plan's stills a minute, and the stills a minute of its network address across accounts (429
 * PREVIEW_STILL_LIMIT_EXCEEDED), are counted once the body has passed its checks.
 * On shutdown the line is refused, the running still cancelled, and the browser and its temp files removed.
 */
@Injectable()
export class PreviewStillService implements OnModuleDestroy {
  private readonly logger = new Logger(PreviewStillService.name);
  /** A still is being drawn (or the idle browser is being closed). */
  private busy = false;
  private readonly line: Waiter[] = [];
  private idleTimer: NodeJS.Timeout | null = null;
  /** Whether a browser may be open: set by a still, cleared by the idle close. */
  private browserUsed = false;
  private drawing: { controller: AbortController; settled: Promise<unknown> } | null = null;
  private closing = false;
  /** When the draw under way (or the idle browser's close) took the turn. */
  private turnTakenAt = 0;
  /** Running estimate of one draw's time (ms), from the draws so far. */
  private drawEstimateMs = FIRST_DRAW_ESTIMATE_MS;

  constructor(
    private readonly previews: RenderPreviewService,
    private readonly allowance: PreviewStillAllowance,
    @Inject(PREVIEW_STILL_RENDERER) private readonly renderer: StillRenderer,
    @Inject(PREVIEW_STILL_OPTIONS) private readonly options: PreviewStillOptions,
  ) {}

  /** `source`: the caller's network address (an IPv4 address or an IPv6 /64), whose stills a minute are counted too. */
  async still(principal: Principal, source: string, body: unknown, frame?: number): Promise<PreviewStill> {
    if (!principal.emailVerified) throw AuthErrors.emailNotVerified('drawing preview stills');
    // Held from before routing until the PNG is drawn (or refused); a crashed process's mark lapses after it.
    const release = await this.allowance.claim(
      principal.accountId,
      this.options.timeoutMs + this.options.cancelGraceMs + ROUTING_ALLOWANCE_MS,
    );
    try {
      const preview = await this.previews.preview(principal, body);
      const frames = preview.composition.duration_in_frames;
      if (frame !== undefined && frame > frames - 1) throw PreviewStillErrors.frameOutOfRange(frames);
      const target = frame ?? frames - 1;
      await this.allowance.spend(principal.accountId, source);
      const abovePlan = preview.render_refusals.some((refusal) => refusal.field === 'resolution');
      const props = { ...preview.props, ...stillFrameSize(preview.props, abovePlan) };
      return { png: await this.draw(props, target), frame: target };
    } finally {
      await release();
    }
  }

  async onModuleDestroy(): Promise<void> {
    this.closing = true;
    this.clearIdleTimer();
    for (const waiter of this.line.splice(0)) waiter.refuse(PreviewStillErrors.shuttingDown());
    const drawing = this.drawing;
    if (drawing) {
      drawing.controller.abort();
      await drawing.settled;
    }
    await this.renderer.stop().catch((error: unknown) => this.logger.warn({ err: error }, 'Closing the preview still browser failed'));
  }

  private async draw(props: MapAnimationProps, frame: number): Promise<Buffer> {
    const deadline = Date.now() + this.options.timeoutMs;
    await this.turn(deadline);
    const startedAt = Date.now();
    if (startedAt >= deadline) {
      // Its time ran out just as its turn came.
      this.release();
      throw PreviewStillErrors.busy(this.retryAfterSeconds());
    }
    const controller = new AbortController();
    let timedOut = false;
    const timer = setTimeout(
      () => {
        timedOut = true;
        controller.abort();
      },
      Math.max(0, deadline - Date.now()),
    );
    // Cancelled but not ending (a browser that no longer answers): close it, which ends the still.
    let forceTimer: NodeJS.Timeout | undefined;
    controller.signal.addEventListener('abort', () => {
      forceTimer = setTimeout(() => void this.renderer.stop().catch(() => undefined), this.options.cancelGraceMs);
    });
    this.browserUsed = true;
    const rendering = this.renderer.renderStill({ props, frame, imageFormat: 'png', signal: controller.signal });
    this.drawing = { controller, settled: rendering.catch(() => undefined) };
    try {
      return await rendering;
    } catch (error) {
      if (timedOut) throw PreviewStillErrors.timedOut(Math.round(this.options.timeoutMs / 1000));
      if (this.closing) throw PreviewStillErrors.shuttingDown();
      this.logger.error({ err: error }, 'A preview still could not be drawn');
      throw PreviewStillErrors.failed();
    } finally {
      clearTimeout(timer);
      clearTimeout(forceTimer);
      this.drawing = null;
      // A cancelled draw took at least this long: the estimate learns from it too.
      this.learnDrawTime(Date.now() - startedAt);
      this.release();
    }
  }

  private learnDrawTime(ms: number): void {
    this.drawEstimateMs = Math.round(this.drawEstimateMs * (1 - ESTIMATE_WEIGHT) + ms * ESTIMATE_WEIGHT);
  }

  /** Milliseconds until a still joining the line now would start: the rest of the draw under way, then each waiting. */
  private expectedWaitMs(): number {
    if (!this.busy) return 0;
    const rest = Math.max(0, this.drawEstimateMs - (Date.now() - this.turnTakenAt));
    return rest + this.line.length * this.drawEstimateMs;
  }

  private retryAfterSeconds(): number {
    return Math.max(1, Math.ceil(this.expectedWaitMs() / 1000));
  }

  /** Resolves when it is this request's turn to draw; refuses when the line is full or the deadline passes first. */
  private turn(deadline: number): Promise<void> {
    if (this.closing) return Promise.reject(PreviewStillErrors.shuttingDown());
    this.clearIdleTimer();
    if (!this.busy) {
      this.takeTurn();
      return Promise.resolve();
    }
    // Refused now rather than cancelled later: the line is full, or what is ahead would leave no time to draw this one.
    const startsIn = this.expectedWaitMs();
    if (this.line.length >= this.options.maxWaiting || Date.now() + startsIn + this.drawEstimateMs > deadline) {
      return Promise.reject(PreviewStillErrors.busy(Math.max(1, Math.ceil(startsIn / 1000))));
    }
    return new Promise<void>((resolve, reject) => {
      const waiter: Waiter = {
        start: () => {
          clearTimeout(expiry);
          this.takeTurn();
          resolve();
        },
        refuse: (error) => {
          clearTimeout(expiry);
          reject(error);
        },
      };
      const expiry = setTimeout(
        () => {
          const index = this.line.indexOf(waiter);
          if (index >= 0) this.line.splice(index, 1);
          // Its turn did not come in time (the draws ahead took longer than estimated).
          reject(PreviewStillErrors.busy(this.retryAfterSeconds()));
        },
        Math.max(0, deadline - Date.now()),
      );
      this.line.push(waiter);
    });
  }

  private takeTurn(): void {
    this.busy = true;
    this.turnTakenAt = Date.now();
  }

  /** Hands the turn to the next in line, or, with nobody waiting, schedules the browser's idle close. */
  private release(): void {
    const next = this.line.shift();
    if (next) {
      next.start();
      return;
    }
    this.busy = false;
    if (!this.closing && this.browserUsed) this.scheduleIdleClose();
  }

  private scheduleIdleClose(): void {
    this.clearIdleTimer();
    this.idleTimer = setTimeout(() => {
      this.idleTimer = null;
      if (this.busy || this.closing) return;
      // Closing takes the turn, so no still starts a browser while the old one is being closed.
      this.takeTurn();
      this.browserUsed = false;
      void this.renderer
        .stop()
        .catch((error: unknown) => this.logger.warn({ err: error }, 'Closing the idle preview still browser failed'))
        .finally(() => this.release());
    }, this.options.idleMs);
    this.idleTimer.unref();
  }

  private clearIdleTimer(): void {
    if (this.idleTimer) clearTimeout(this.idleTimer);
    this.idleTimer = null;
  }
}
