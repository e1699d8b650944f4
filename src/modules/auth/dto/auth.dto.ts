import { applyDecorators } from '@nestjs/common';
import { ApiProperty } from '@nestjs/swagger';
import { Transform } from 'class-transformer';
import { IsDefined, IsEmail, IsString, Length, Matches, MaxLength } from 'class-validator';
import { PlainText } from '../../../common/text/plain-text';

const trim = ({ value }: { value: unknown }) => (typeof value === 'string' ? value.trim() : value);

/** The rule for every password chosen (registration, reset): one rule, one message. */
const NewPassword = () =>
  applyDecorators(
    ApiProperty({ example: 'correct horse battery staple', minLength: 8, maxLength: 128, description: 'Never returned.' }),
    IsDefined(),
    IsString(),
    Length(8, 128, { message: 'password must be 8 to 128 characters' }),
  );

export class RegisterDto {
  @ApiProperty({ example: 'ana@example.com', description: 'E-mail address; used to log in. Case-insensitive.' })
  @IsDefined()
  @Transform(trim)
  @IsEmail({}, { message: 'email must be an e-mail address' })
  @MaxLength(254)
  email: string;

  @NewPassword()
  password: string;

  @ApiProperty({ example: 'Ana Lima', maxLength: 100, description: 'Display name: one line (no line breaks or other control characters).' })
  @IsDefined()
  // Format characters (a right-to-left override) are stripped; a line break is refused below.
  @PlainText({ trim: true })
  @IsString()
  @Length(1, 100, { message: 'name must be 1 to 100 characters' })
  // One line: a name is shown in pages and logs, where a line break could pass for text of ours.
  @Matches(/^[^\p{Cc}\p{Zl}\p{Zp}]*$/u, { message: 'name must be one line, without line breaks or other control characters' })
  name: string;
}

export class LoginDto {
  @ApiProperty({ example: 'ana@example.com' })
  @IsDefined()
  @Transform(trim)
  @IsString()
  @MaxLength(254)
  email: string;

  @ApiProperty({ example: 'correct horse battery staple' })
  @IsDefined()
  @IsString()
  @MaxLength(128)
  password: string;
}

export class UserSummaryDto {
  @ApiProperty({ example: 'usr_3kTq9ZbW1xVn7LpR2sYd8HcM' }) id: string;
  @ApiProperty({ example: 'ana@example.com' }) email: string;
  @ApiProperty({ example: 'Ana Lima' }) name: string;
}

export class RegisteredUserDto extends UserSummaryDto {
  @ApiProperty({ example: false, description: 'False until the link in the verification e-mail is opened.' })
  emailVerified: boolean;
}

export class RegisterResponseDto {
  @ApiProperty({ type: RegisteredUserDto }) user: RegisteredUserDto;
  @ApiProperty({ example: 'Account created. We sent a verification link to ana@example.com.' }) message: string;
}

export class LoginResponseDto {
  @ApiProperty({ example: 'eyJhbGciOiJIUzI1NiIsInR5cCI6IkpXVCJ9…', description: 'JWT access token; expires after 24 hours.' })
  accessToken: string;
  @ApiProperty({ type: UserSummaryDto }) user: UserSummaryDto;
}

export class ResendVerificationResponseDto {
  @ApiProperty({ example: 'Verification e-mail sent to ana@example.com.' }) message: string;
  @ApiProperty({ type: 'integer', example: 24, description: 'Lifetime of the verification link in hours.' }) expires_in_hours: number;
}

export class VerifyEmailResponseDto {
  @ApiProperty({ example: 'E-mail address verified.' }) message: string;
  @ApiProperty({ example: true }) emailVerified: boolean;
}

export class ForgotPasswordDto {
  @ApiProperty({ example: 'ana@example.com', description: 'The account’s e-mail address. Case-insensitive.' })
  @IsDefined()
  @Transform(trim)
  @IsEmail({}, { message: 'email must be an e-mail address' })
  @MaxLength(254)
  email: string;
}

export class ForgotPasswordResponseDto {
  @ApiProperty({
    example: 'If an account uses this address, we sent it a link to reset the password.',
    description: 'The same whether or not the address has an account.',
  })
  message: string;
  @ApiProperty({ type: 'integer', example: 1, description: 'Lifetime of the reset link in hours.' }) expires_in_hours: number;
}

export class ResetPasswordDto {
  @ApiProperty({
    example: 'eyJhbGciOiJIUzI1NiIsInR5cCI6IkpXVCJ9…',
    description: 'The token from the e-mailed link (after `#token=` in `/reset-password#token=…`).',
  })
  @IsDefined()
  @IsString()
  @MaxLength(2048)
  token: string;

  @NewPassword()
  password: string;
}

export class ResetPasswordResponseDto {
  @ApiProperty({ example: 'Password changed. Log in with your new password.' }) message: string;
}
