export { AuthModule } from './auth.module';
export { AccountDirectoryModule } from './account-directory.module';
export { AccountDirectory, type AccountSummary } from './account-directory.service';
export { AccountSecretRenewals, AccountSecretRenewalsModule, type SecretRenewal } from './account-secret-renewals';
export { Authenticated, CurrentPrincipal, Public } from './decorators';
export { visibleModes, type AuthenticatedRequestFields, type Principal } from './principal';
export { IdentifyCallerGuard } from './guards/identify-caller.guard';
export { RequireCallerGuard } from './guards/require-caller.guard';
export { AuthErrorExamples, AuthErrors, type AuthErrorCode } from './auth.errors';
export { assertRecentLogin } from './auth.service';

import { ApiKey } from './entities/api-key.entity';
import { EmailVerification } from './entities/email-verification.entity';
import { User } from './entities/user.entity';
/** The module's tables, for the composition root's TypeORM options (src/entities.ts). */
export const AUTH_ENTITIES = [User, ApiKey, EmailVerification];
