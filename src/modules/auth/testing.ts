/**
 * For tests only: what the e2e tests in test/ arrange and observe inside auth (its tables, the principal cache and
 * its key, the service that issues verification links, the one that makes API keys, the login limits). Production code never imports this file
 * (.dependency-cruiser.cjs: testing-seams-are-for-tests); it imports ./index.ts.
 */
export { ApiKeysService } from './api-keys.service';
export { AttemptLimiter } from './attempt-limiter.service';
export { AuthService, loginLimits } from './auth.service';
export { EmailVerification } from './entities/email-verification.entity';
export { User } from './entities/user.entity';
export { credentialDigest, PrincipalCache } from './principal-cache.service';
