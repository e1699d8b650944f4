import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { IsDefined, IsIn, IsNumber, IsOptional, IsString, Length, Matches, Min, ValidateBy, ValidationArguments } from 'class-validator';
import { PlainText } from '../../../common/text/plain-text';
import { TEXT_OVERLAY_POSITIONS, TEXT_OVERLAY_STYLES, TextOverlayPosition, TextOverlayStyle } from '../../contract';

const finite = { allowNaN: false, allowInfinity: false } as const;

/** `end` after `start` (when `start` is a number: otherwise its own issue says what is wrong). */
function IsAfterStart(): PropertyDecorator {
  return ValidateBy(
    {
      name: 'isAfterStart',
      validator: {
        validate: (value: unknown, args?: ValidationArguments) => {
          const start = (args!.object as { start?: unknown }).start;
          return typeof start !== 'number' || typeof value !== 'number' || value > start;
        },
        defaultMessage: (args?: ValidationArguments) =>
          `end (${args!.value} s) must be later than start (${(args!.object as { start: number }).start} s)`,
      },
    },
    { context: { code: 'too_small' } },
  );
}

/** A line of text on screen for a while (contract §14); `end` within the duration is checked with the tier's default duration. */
export class TextOverlayDto {
  @ApiProperty({ example: 'Day 1: leaving Lisbon', minLength: 1, maxLength: 120, description: 'Shown as plain text (never markup).' })
  @IsDefined()
  @PlainText()
  @IsString()
  @Length(1, 120)
  @Matches(/\S/, { message: 'text must not be blank' })
  text: string;

  @ApiProperty({ example: 0.5, minimum: 0, description: 'Second of the video at which it fades in.' })
  @IsDefined()
  @IsNumber(finite)
  @Min(0)
  start: number;

  @ApiProperty({ example: 3.5, description: 'Second at which it has faded out: later than `start`, not past the video’s duration.' })
  @IsDefined()
  @IsNumber(finite)
  @IsAfterStart()
  end: number;

  @ApiPropertyOptional({
    enum: TEXT_OVERLAY_POSITIONS,
    example: 'bottom',
    default: 'bottom',
    description:
      'Where it sits, always inside the safe area of the aspect ratio; overlays showing at once never cover each other nor the HUD.',
  })
  @IsOptional()
  @IsIn(TEXT_OVERLAY_POSITIONS)
  position?: TextOverlayPosition;

  @ApiPropertyOptional({
    enum: TEXT_OVERLAY_STYLES,
    example: 'caption',
    default: 'caption',
    description:
      'How it looks: `caption` (a line of text), `headline` (large) or `lower-third` (a band across the lower part, as on television).',
  })
  @IsOptional()
  @IsIn(TEXT_OVERLAY_STYLES)
  style?: TextOverlayStyle;
}
