export { AuthModule } from './auth.module';
export { AccountDirectoryModule } from './account-directory.module';
export { AccountDirectory, type AccountSummary } from './account-directory.service';
export { Authenticated, CurrentPrincipal, Public } from './decorators';
export type { AuthenticatedRequestFields, Principal } from './principal';
export { IdentifyCallerGuard } from './guards/identify-caller.guard';
export { RequireCallerGuard } from './guards/require-caller.guard';
