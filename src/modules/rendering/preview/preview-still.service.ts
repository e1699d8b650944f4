import { Inject, Injectable, Logger, OnModuleDestroy } from '@nestjs/common';
import type { Principal } from '../../auth';
import type { MapAnimationProps } from '../contract';
import type { StillRenderer } from '../renderer';
import { PreviewStillErrors } from '../rendering.errors';
import { PreviewStillAllowance } from './preview-still-allowance';
import { RenderPreviewService } from './render-preview.service';

export const PREVIEW_STILL_RENDERER = Symbol('PREVIEW_STILL_RENDERER');
export const PREVIEW_STILL_OPTIONS = Symbol('PREVIEW_STILL_OPTIONS');

export interface PreviewStillOptions {
  /** Requests that may wait while one still is drawn; beyond them: 503. */
  maxWaiting: number;
  /** From the moment a request joins the line (waiting included) until its still is drawn; beyond it: 503. */
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
 * `POST /v1/render/preview/still`: one frame of exactly what the render would show, as a PNG, for callers with
 * no browser of their own (the `mapr preview` command). The body goes through RenderPreviewService (the checks,
 * routing and props of a preview, so its errors are previewRender's); the frame is then drawn by this API
 * process's own renderer, a Chromium launched on the first still and closed after `idleMs` without one.
 *
 * A hosted API must not let stills crowd out its requests: one still is drawn at a time, at most `maxWaiting`
 * requests wait for their turn, and each has `timeoutMs` from joining the line; beyond either, 503
 * SERVICE_UNAVAILABLE with Retry-After. Routing happens before the line, so a still waits only for drawing.
 * No account crowds out another (PreviewStillAllowance): each has one still in flight at most, across API
 * processes (a second is 429 PREVIEW_STILL_IN_PROGRESS), so the first-come line holds one place per account,
 * and its plan's stills a minute (429 PREVIEW_STILL_LIMIT_EXCEEDED), counted once the body has passed its checks.
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

  constructor(
    private readonly previews: RenderPreviewService,
    private readonly allowance: PreviewStillAllowance,
    @Inject(PREVIEW_STILL_RENDERER) private readonly renderer: StillRenderer,
    @Inject(PREVIEW_STILL_OPTIONS) private readonly options: PreviewStillOptions,
  ) {}

  async still(principal: Principal, body: unknown, frame?: number): Promise<PreviewStill> {
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
      await this.allowance.spend(principal.accountId);
      return { png: await this.draw(preview.props, target), frame: target };
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
    if (Date.now() >= deadline) {
      // Its time ran out just as its turn came.
      this.release();
      throw PreviewStillErrors.timedOut(Math.round(this.options.timeoutMs / 1000));
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
      this.release();
    }
  }

  /** Resolves when it is this request's turn to draw; refuses when the line is full or the deadline passes first. */
  private turn(deadline: number): Promise<void> {
    if (this.closing) return Promise.reject(PreviewStillErrors.shuttingDown());
    this.clearIdleTimer();
    if (!this.busy) {
      this.busy = true;
      return Promise.resolve();
    }
    if (this.line.length >= this.options.maxWaiting) return Promise.reject(PreviewStillErrors.busy());
    return new Promise<void>((resolve, reject) => {
      const waiter: Waiter = {
        start: () => {
          clearTimeout(expiry);
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
          reject(PreviewStillErrors.timedOut(Math.round(this.options.timeoutMs / 1000)));
        },
        Math.max(0, deadline - Date.now()),
      );
      this.line.push(waiter);
    });
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
      this.busy = true;
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
