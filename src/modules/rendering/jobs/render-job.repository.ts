import { Injectable } from '@nestjs/common';
import { InjectRepository } from '@nestjs/typeorm';
import { Brackets, MoreThanOrEqual, Repository } from 'typeorm';
import type { Principal } from '../../auth';
import { type JobStatus, RenderJob } from '../entities/render-job.entity';

/** Whose jobs a read may see: the account's, in the caller's mode (sandbox keys see only sandbox jobs, live credentials only live ones). */
type Owner = Pick<Principal, 'accountId' | 'sandbox'>;

/** What the CDN reads of a job to serve one of its files. */
export type JobFiles = Pick<RenderJob, 'id' | 'videoKey' | 'thumbnailKey' | 'expiresAt' | 'filesDeletedAt'>;

/**
 * Queries on render jobs, each named for what it answers, so a caller says what it wants of the table rather than how
 * to ask it. Reads so far: a job's state changes are JobLifecycle's conditional UPDATEs, which say whether they won.
 */
@Injectable()
export class RenderJobs {
  constructor(@InjectRepository(RenderJob) private readonly rows: Repository<RenderJob>) {}

  /** The job, or null when there is none. */
  byId(id: string): Promise<RenderJob | null> {
    return this.rows.findOneBy({ id });
  }

  /** The job as it is now, after a change to it; it must exist. */
  current(id: string): Promise<RenderJob> {
    return this.rows.findOneByOrFail({ id });
  }

  /** The caller's job; null for another account's, or for one of the other mode (a 404 to the caller, never a 403). */
  ownedBy(owner: Owner, id: string): Promise<RenderJob | null> {
    return this.rows.findOneBy({ id, accountId: owner.accountId, sandbox: owner.sandbox });
  }

  /** The newest of the caller's jobs created under `idempotencyKey` since `since`, if any. */
  latestUnderIdempotencyKey(owner: Owner, idempotencyKey: string, since: Date): Promise<RenderJob | null> {
    return this.rows.findOne({
      where: { accountId: owner.accountId, sandbox: owner.sandbox, idempotencyKey, createdAt: MoreThanOrEqual(since) },
      order: { createdAt: 'DESC' },
    });
  }

  /**
   * Up to `take` of the caller's jobs, newest first (ties by id), in `status` when given, strictly after the row
   * `after` names (a list's cursor: several rows may share a creation time).
   */
  newestFirst(owner: Owner, page: { status?: JobStatus; after?: { createdAt: Date; id: string }; take: number }): Promise<RenderJob[]> {
    const qb = this.rows
      .createQueryBuilder('job')
      .where('job.account_id = :accountId', { accountId: owner.accountId })
      .andWhere('job.sandbox = :sandbox', { sandbox: owner.sandbox })
      .orderBy('job.created_at', 'DESC')
      .addOrderBy('job.id', 'DESC')
      .take(page.take);
    if (page.status) qb.andWhere('job.status = :status', { status: page.status });
    const after = page.after;
    if (after) {
      const at = after.createdAt;
      qb.andWhere(
        new Brackets((w) => {
          w.where('job.created_at < :at', { at }).orWhere(
            new Brackets((x) => x.where('job.created_at = :at', { at }).andWhere('job.id < :id', { id: after.id })),
          );
        }),
      );
    }
    return qb.getMany();
  }

  /** What serving one of the job's files needs (its keys, its expiry, whether its files were deleted); null without a job. */
  filesOf(id: string): Promise<JobFiles | null> {
    return this.rows.findOne({
      where: { id },
      select: { id: true, videoKey: true, thumbnailKey: true, expiresAt: true, filesDeletedAt: true },
    });
  }
}
