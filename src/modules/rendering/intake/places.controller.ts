import { Controller, Get, Query } from '@nestjs/common';
import { ApiOkResponse, ApiOperation, ApiProperty, ApiPropertyOptional, ApiTags } from '@nestjs/swagger';
import { Type } from 'class-transformer';
import { IsDefined, IsInt, IsOptional, IsString, Length, Max, Min } from 'class-validator';
import { CommonErrors } from '../../../common/errors';
import { ApiErrorResponse } from '../../../common/openapi/error-examples';
import { Public } from '../../auth';
import { searchPlaces } from '../../routing';
import { PlaceListDto } from '../dto/place.dto';

export class PlaceSearchQueryDto {
  @ApiProperty({
    example: 'Lis',
    minLength: 1,
    maxLength: 100,
    description:
      'What the user typed. "Name, CC" narrows to a country by ISO code; "Name, Region, Country" as `display_name` reads it ' +
      '("Lisbon, Ohio, United States", or the start of it: "Lisbon, Oh") to places whose region’s or country’s name begins so.',
  })
  @IsDefined()
  @IsString()
  @Length(1, 100)
  q: string;

  @ApiPropertyOptional({ example: 8, minimum: 1, maximum: 20, default: 8, type: 'integer' })
  @IsOptional()
  @Type(() => Number)
  @IsInt()
  @Min(1)
  @Max(20)
  limit?: number;
}

/**
 * `GET /v1/places?q=`: the offline gazetteer that resolves `place` in render requests, searched as
 * the user types (the dashboard's place search). Each result names its region and country
 * ("Lisbon, Ohio, United States"); send its lat/lng (and name as the label) to pin exactly that
 * place. Public data, so no credentials needed: a page can search as a person types without
 * spending the account's request budget (anonymous calls count per IP, contract §6).
 */
@ApiTags('Renders')
@Controller('v1/places')
@Public()
export class PlacesController {
  @Get()
  @ApiOperation({
    operationId: 'searchPlaces',
    summary: 'Search places by name',
    description:
      'Places whose name begins with `q`, the largest first (close spellings when none does), from the same offline gazetteer that ' +
      'resolves `place` in render requests. Each names its first-level region and its country, so that places of one name can be ' +
      'told apart ("Lisbon, Ohio, United States" and "Lisbon, Portugal"): show `display_name`, and send the chosen one’s `lat` and ' +
      '`lng` (with `name` as the label) to render exactly that place. Needs no credentials (anonymous calls are limited per IP).',
  })
  @ApiOkResponse({ type: PlaceListDto })
  @ApiErrorResponse(400, 'VALIDATION_ERROR (q missing or too long, limit out of range)', [
    { summary: 'No q', error: CommonErrors.validation([{ field: 'q', code: 'required', message: 'q should not be null or undefined' }]) },
  ])
  search(@Query() query: PlaceSearchQueryDto): PlaceListDto {
    return { places: searchPlaces(query.q, query.limit ?? 8) } satisfies PlaceListDto;
  }
}
