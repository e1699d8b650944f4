import { Module } from '@nestjs/common';
import { TypeOrmModule } from '@nestjs/typeorm';
import { RoutingModule } from '../../routing';
import { RenderBatchJob } from '../batches/entities/render-batch-job.entity';
import { RenderJob } from '../entities/render-job.entity';
import { JobsModule } from '../job-events/jobs.module';
import { RenderOutcomes } from './render-outcomes';
import { RenderProcessor } from './render.processor';
import { ChunkLeftoversSweeper } from './chunk-leftovers-sweeper.service';
import { JobEndSweeper } from './job-end-sweeper.service';
import { RenderQueueSweeper } from './render-queue-sweeper.service';
import { rendererProvider } from './renderer.provider';
import { RunningEntries } from './running-entries';
import { SplitJobParts } from './split-job-parts';
import { WorkerPresence } from './worker-presence.service';

/**
 * The worker side of rendering: the render queue's consumer, its renderer, the heartbeat that counts
 * alive workers (how far a job is split), the sweeper for lost queue entries and the one for job ends whose
 * follow-ups did not run. Depends on the jobs
 * (lifecycle, queue) and routing, never on the render API. Videos are made only here; the API process
 * draws single preview stills (preview/, ADR 0006) and nothing else.
 */
@Module({
  imports: [TypeOrmModule.forFeature([RenderJob, RenderBatchJob]), JobsModule, RoutingModule],
  providers: [
    RenderProcessor,
    SplitJobParts,
    RenderOutcomes,
    RunningEntries,
    RenderQueueSweeper,
    JobEndSweeper,
    ChunkLeftoversSweeper,
    rendererProvider,
    WorkerPresence,
  ],
})
export class RenderingWorkerModule {}
