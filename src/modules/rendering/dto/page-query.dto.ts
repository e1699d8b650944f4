import { ApiPropertyOptional } from '@nestjs/swagger';
import { Type } from 'class-transformer';
import { IsInt, IsOptional, IsString, Max, Min } from 'class-validator';

/** `?limit=&cursor=` of the newest-first lists (renders, batches); `cursor` is a previous page's `next_cursor`. */
export class PageQueryDto {
  @ApiPropertyOptional({ type: 'integer', example: 20, minimum: 1, maximum: 100, default: 20 })
  @IsOptional()
  @Type(() => Number)
  @IsInt()
  @Min(1)
  @Max(100)
  limit?: number;

  @ApiPropertyOptional({ description: 'next_cursor of the previous page.' })
  @IsOptional()
  @IsString()
  cursor?: string;
}
