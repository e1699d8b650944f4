/**
 * For tests only: what the e2e and fault tests in test/ arrange and observe inside billing (the usage ledger's table,
 * the rate limiter's key). Production code never imports this file (.dependency-cruiser.cjs:
 * testing-seams-are-for-tests); it imports ./index.ts.
 */
export { UsageRecord } from './entities/usage-record.entity';
export { storageHitKey } from './rate-limiter';
