export { STORAGE, LOCAL_FILES, IMMUTABLE_CACHE_CONTROL, CONTENT_ADDRESSED_CACHE_CONTROL, assertSafeKey } from './storage.port';
export type { LocalFiles, StoragePort } from './storage.port';
export { LocalStorage } from './local-storage';
export { S3Storage, createS3Client } from './s3-storage';
export type { S3StorageConfig } from './s3-storage';
export { StorageModule, createStorage } from './storage.module';
