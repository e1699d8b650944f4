import { MigrationInterface, QueryRunner, TableColumn, TableIndex } from 'typeorm';
import { columnTypes } from '../migration-types';

/**
 * When a job ended, what follows (usage release, its result event and webhook, the batch's end, waiting batch jobs,
 * its chunk files) runs just after the UPDATE that ended it, in the same process. `follow_ups_due_at` is set by that
 * UPDATE and cleared once everything that follows has run, so a process killed in between leaves a mark the job-end
 * sweep finds and finishes (JobEndSweeper). Jobs that ended before this column existed count as followed up (NULL).
 */
export class JobEndFollowUps1769300000000 implements MigrationInterface {
  name = 'JobEndFollowUps1769300000000';

  async up(queryRunner: QueryRunner): Promise<void> {
    const c = columnTypes(queryRunner);
    await queryRunner.addColumn('render_jobs', new TableColumn(c.timestamp('follow_ups_due_at', { isNullable: true })));
    await queryRunner.createIndex(
      'render_jobs',
      new TableIndex({ name: 'idx_render_jobs_follow_ups_due', columnNames: ['follow_ups_due_at'] }),
    );
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.dropIndex('render_jobs', 'idx_render_jobs_follow_ups_due');
    await queryRunner.dropColumn('render_jobs', 'follow_ups_due_at');
  }
}
