import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { IsDefined, IsIn, IsOptional, IsString, Length, MaxLength } from 'class-validator';
import { PlainText } from '../../../common/text/plain-text';
import type { ApiKey } from '../entities/api-key.entity';

export class CreateApiKeyDto {
  @ApiProperty({ example: 'Production server', minLength: 1, maxLength: 60 })
  @IsDefined()
  @PlainText({ trim: true })
  @IsString()
  @Length(1, 60)
  name: string;

  @ApiProperty({
    enum: ['live', 'test'],
    example: 'live',
    description: '`test` keys create watermarked sandbox renders that use no quota.',
  })
  @IsDefined()
  @IsIn(['live', 'test'])
  mode: 'live' | 'test';

  @ApiPropertyOptional({
    example: 'correct horse battery staple',
    description:
      'The account’s password, required when the session is more than an hour old (else 403 REAUTHENTICATION_REQUIRED): a ' +
      'stolen token cannot mint a permanent key. Never stored or returned.',
  })
  @IsOptional()
  @IsString()
  @MaxLength(128)
  password?: string;
}

export class ApiKeyDto {
  @ApiProperty({ example: 'key_9sPq2VbN4xLm7TfR1cZk8WdJ' }) id: string;
  @ApiProperty({ example: 'Production server' }) name: string;
  @ApiProperty({ enum: ['live', 'test'], example: 'live' }) mode: 'live' | 'test';
  @ApiProperty({ example: 'mapr_live_' }) prefix: string;
  @ApiProperty({ example: 'x7Qa', description: 'Last four characters, to recognise the key.' }) last4: string;
  @ApiProperty({ example: '2026-11-22T10:00:00.000Z' }) created_at: string;
  @ApiProperty({ example: '2026-11-22T11:30:00.000Z', nullable: true, type: String }) last_used_at: string | null;
  @ApiProperty({ example: null, nullable: true, type: String }) revoked_at: string | null;

  static from(key: ApiKey): ApiKeyDto {
    return {
      id: key.id,
      name: key.name,
      mode: key.mode,
      prefix: key.prefix,
      last4: key.last4,
      created_at: key.createdAt.toISOString(),
      last_used_at: key.lastUsedAt?.toISOString() ?? null,
      revoked_at: key.revokedAt?.toISOString() ?? null,
    };
  }
}

export class CreatedApiKeyDto {
  @ApiProperty({ example: 'key_9sPq2VbN4xLm7TfR1cZk8WdJ' }) id: string;
  @ApiProperty({ example: 'Production server' }) name: string;
  @ApiProperty({ enum: ['live', 'test'], example: 'live' }) mode: 'live' | 'test';
  @ApiProperty({
    example: 'mapr_live_4fT9qLm2VbX7nRk1ZcW8sPd3HjY6tA0eGuN5oQx7Qa',
    description: 'The full key. Shown only in this response: store it now.',
  })
  key: string;
  @ApiProperty({ example: 'mapr_live_' }) prefix: string;
  @ApiProperty({ example: 'x7Qa' }) last4: string;
  @ApiProperty({ example: '2026-11-22T10:00:00.000Z' }) created_at: string;
}

export class ApiKeyListDto {
  @ApiProperty({ type: [ApiKeyDto] }) api_keys: ApiKeyDto[];
}
