import { Global, Module } from '@nestjs/common';
import { APP_CONFIG, AppConfig } from '../../config';
import { LocalStorage } from './local-storage';
import { S3Storage } from './s3-storage';
import { LOCAL_FILES, LocalFiles, STORAGE, StoragePort } from './storage.port';

export function createStorage(config: AppConfig['storage']): StoragePort {
  return config.driver === 's3' ? S3Storage.fromConfig(config) : new LocalStorage(config.dir);
}

/**
 * Provides `STORAGE` everywhere: a local folder or S3, as `config.storage.driver` says; and
 * `LOCAL_FILES`, the same local folder for the app's own CDN (null with S3).
 */
@Global()
@Module({
  providers: [
    { provide: STORAGE, inject: [APP_CONFIG], useFactory: (config: AppConfig) => createStorage(config.storage) },
    {
      provide: LOCAL_FILES,
      inject: [STORAGE],
      useFactory: (storage: StoragePort): LocalFiles | null => (storage instanceof LocalStorage ? storage : null),
    },
  ],
  exports: [STORAGE, LOCAL_FILES],
})
export class StorageModule {}
