import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { Type } from 'class-transformer';
import { ArrayMinSize, IsArray, IsDefined, IsOptional, IsString, MaxLength, ValidateNested } from 'class-validator';
import { ListMaxSize } from '../../../../common/http/list-max-size';
import { CreateRenderDto } from '../../dto/create-render.dto';

export const MAX_BATCH_JOBS = 50;

/**
 * A batch's own fields and the bounds of its list of jobs, without the jobs' contents: BatchBodyParser checks these
 * first, then each job as a render body on its own, letting other requests in between (a batch of 50 jobs validated
 * in one go held the event loop for 50 ms and more). CreateBatchDto is the whole body.
 */
export class BatchFieldsDto {
  @ApiProperty({
    type: [CreateRenderDto],
    minItems: 1,
    maxItems: MAX_BATCH_JOBS,
    description:
      'Render requests, each validated like POST /v1/render (issues are named `jobs[i].field`). A per-job webhook_url is refused: the batch has one.',
    example: [
      {
        waypoints: [
          { lat: 38.7223, lng: -9.1393, label: 'Lisbon' },
          { lat: 40.7128, lng: -74.006, label: 'New York' },
        ],
        duration: 8,
      },
      { waypoints: [{ place: 'Tokyo' }, { place: 'Sydney' }], transport: 'plane' },
    ],
  })
  @IsDefined()
  @IsArray()
  @ArrayMinSize(1)
  @ListMaxSize(MAX_BATCH_JOBS)
  jobs: unknown[];

  @ApiPropertyOptional({
    example: 'https://example.com/hooks/mapr',
    maxLength: 2048,
    description: 'Receives one batch.complete when the last job ends. Must be public http(s).',
  })
  @IsOptional()
  @IsString()
  @MaxLength(2048)
  webhook_url?: string;
}

export class CreateBatchDto extends BatchFieldsDto {
  @ValidateNested({ each: true })
  @Type(() => CreateRenderDto)
  declare jobs: CreateRenderDto[];
}
