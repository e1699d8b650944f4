import { ApiProperty } from '@nestjs/swagger';

/** A place of the offline gazetteer (GeoNames), named the way people tell places of one name apart. */
export class PlaceNamesDto {
  @ApiProperty({ example: 'Lisbon', description: 'The place’s own name, as GeoNames spells it (accents kept).' })
  name: string;

  @ApiProperty({
    example: 'Ohio',
    nullable: true,
    type: String,
    description:
      'GeoNames’ name of the first-level region the place lies in (a state, province, district…: "Ohio" for Lisbon, US; "Lisbon" ' +
      'for Lisbon, PT, whose district bears its name; "Western Cape" for Atlantis, ZA), spelt like `name`. Null when the data has none.',
  })
  admin1: string | null;

  @ApiProperty({ example: 'US', description: 'ISO 3166-1 alpha-2 code of the country.' })
  country: string;

  @ApiProperty({
    example: 'United States',
    description: 'The country’s common English name ("United States", "Portugal"), as `region_focus` and `country_data` name countries.',
  })
  country_name: string;

  @ApiProperty({
    example: 'Lisbon, Ohio, United States',
    description:
      '"Name, Region, Country", for a list or a field: "Lisbon, Ohio, United States". The region is left out when it only ' +
      'repeats the place’s or the country’s name ("Lisbon, Portugal"). Two places may still read alike (there are two Lisbons ' +
      'in Ohio): their coordinates tell them apart.',
  })
  display_name: string;

  @ApiProperty({ example: 39.86089 }) lat: number;
  @ApiProperty({ example: -83.6352 }) lng: number;
}

export class PlaceDto extends PlaceNamesDto {
  @ApiProperty({ example: 2845, type: 'integer' }) population: number;
}

export class PlaceListDto {
  @ApiProperty({ type: [PlaceDto] }) places: PlaceDto[];
}

/** A `place` name in a render body that the service resolved itself (no coordinates were given beside it). */
export class ResolvedPlaceDto extends PlaceNamesDto {
  @ApiProperty({
    example: 'waypoints[1].place',
    description:
      'The field that named it, as validation issues name fields: `waypoints[i].place`, or a mode’s (`multi_route.routes[2].place`, ' +
      '`region_focus.markers[0].place`).',
  })
  field: string;

  @ApiProperty({
    example: 1,
    nullable: true,
    type: 'integer',
    description: 'The waypoint’s 0-based index when the field is a waypoint’s; null for a mode’s points.',
  })
  waypoint_index: number | null;

  @ApiProperty({ example: 'Atlantis', description: 'The name as sent.' })
  query: string;
}
