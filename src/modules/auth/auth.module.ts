import { Module } from '@nestjs/common';
import { JwtModule } from '@nestjs/jwt';
import { PassportModule } from '@nestjs/passport';
import { TypeOrmModule } from '@nestjs/typeorm';
import { APP_CONFIG, AppConfig } from '../../config';
import { AccountSecretRenewalsModule } from './account-secret-renewals';
import { ApiKeysController } from './api-keys.controller';
import { ApiKeysService } from './api-keys.service';
import { AttemptLimiter } from './attempt-limiter.service';
import { AuthController } from './auth.controller';
import { AuthService } from './auth.service';
import { ApiKey } from './entities/api-key.entity';
import { EmailVerification } from './entities/email-verification.entity';
import { User } from './entities/user.entity';
import { IdentifyCallerGuard } from './guards/identify-caller.guard';
import { RequireCallerGuard } from './guards/require-caller.guard';
import { ApiKeyStrategy } from './strategies/api-key.strategy';
import { JwtStrategy } from './strategies/jwt.strategy';
import { PasswordResetService } from './password-reset.service';
import { SessionRevocations } from './session-revocations.service';
import { PrincipalCache } from './principal-cache.service';

/**
 * Users, login, access tokens, API keys, e-mail verification and password reset. Exports the two global guards
 * (registered in AppModule around the rate limiter) and the services other modules' CLIs use.
 */
@Module({
  imports: [
    PassportModule,
    AccountSecretRenewalsModule,
    TypeOrmModule.forFeature([User, ApiKey, EmailVerification]),
    JwtModule.registerAsync({
      inject: [APP_CONFIG],
      useFactory: (config: AppConfig) => ({
        secret: config.auth.jwtSecret,
        signOptions: { algorithm: 'HS256' },
        verifyOptions: { algorithms: ['HS256'] },
      }),
    }),
  ],
  controllers: [AuthController, ApiKeysController],
  providers: [
    AuthService,
    PasswordResetService,
    ApiKeysService,
    AttemptLimiter,
    PrincipalCache,
    SessionRevocations,
    JwtStrategy,
    ApiKeyStrategy,
    IdentifyCallerGuard,
    RequireCallerGuard,
  ],
  exports: [IdentifyCallerGuard, RequireCallerGuard],
})
export class AuthModule {}
