import { applyDecorators } from '@nestjs/common';
import { ApiPropertyOptional } from '@nestjs/swagger';
import { IsDefined, IsNumber, IsOptional, IsString, Length, Max, Min, ValidateIf } from 'class-validator';
import { PlainText } from '../../../common/text/plain-text';

const finite = { allowNaN: false, allowInfinity: false } as const;

/** Anything located by coordinates or by a place name: a waypoint, multi_route's points, region_focus's markers. */
interface LocatedByCoordinatesOrPlace {
  lat?: number;
  lng?: number;
  place?: string;
}

/** Whether the coordinates are needed: no place given, or either coordinate given (then both are). */
const coordinatesNeeded = (o: LocatedByCoordinatesOrPlace) => o.place === undefined || o.lat !== undefined || o.lng !== undefined;

/** `lat`: required with lng unless `place` is given. */
export function LatitudeField(example: number) {
  return applyDecorators(
    ApiPropertyOptional({
      example,
      minimum: -90,
      maximum: 90,
      description: 'Latitude in degrees. Required with lng unless `place` is given.',
    }),
    ValidateIf(coordinatesNeeded),
    IsDefined({ message: 'lat is required unless place is given' }),
    IsNumber(finite, { message: 'lat must be a number' }),
    Min(-90),
    Max(90),
  );
}

/** `lng`: required with lat unless `place` is given. */
export function LongitudeField(example: number) {
  return applyDecorators(
    ApiPropertyOptional({
      example,
      minimum: -180,
      maximum: 180,
      description: 'Longitude in degrees. Required with lat unless `place` is given.',
    }),
    ValidateIf(coordinatesNeeded),
    IsDefined({ message: 'lng is required unless place is given' }),
    IsNumber(finite, { message: 'lng must be a number' }),
    Min(-180),
    Max(180),
  );
}

/** `place`: a city name the offline gazetteer resolves instead of lat/lng. */
export function PlaceField(example: string) {
  return applyDecorators(
    ApiPropertyOptional({
      example,
      maxLength: 100,
      description: 'A city name resolved offline instead of lat/lng; unknown names are a validation error listing the closest matches.',
    }),
    IsOptional(),
    PlainText(),
    IsString(),
    Length(1, 100),
  );
}
