export { AuthModule } from './auth.module';
export { Authenticated, CurrentPrincipal, Public } from './decorators';
export type { AuthenticatedRequestFields, Principal } from './principal';
export { IdentifyCallerGuard } from './guards/identify-caller.guard';
export { RequireCallerGuard } from './guards/require-caller.guard';
