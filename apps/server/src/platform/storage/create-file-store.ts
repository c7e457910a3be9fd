import path from 'node:path';
import type { Config } from '../config';
import type { CspSources } from '../http/security-headers';
import type { FileStore } from './file-store';
import { LOCAL_FILES_PATH, LocalFileStore } from './local-file-store';
import { S3FileStore } from './s3-file-store';

/**
 * The store FILE_STORE names: by default a folder under DATA_DIR, served by this app at
 * PUBLIC_URL/files (register it with `registerLocalFileRoutes`); with `s3`, a bucket whose
 * objects browsers load from S3_PUBLIC_URL.
 */
export function createFileStore(config: Pick<Config, 'fileStore' | 'dataDir' | 'publicUrl'>): FileStore {
  const settings = config.fileStore;
  if (settings.kind === 'local') {
    return new LocalFileStore({
      root: localFolder(config.dataDir),
      baseUrl: `${config.publicUrl.replace(/\/+$/, '')}${LOCAL_FILES_PATH}`,
    });
  }
  return new S3FileStore(settings);
}

const localFolder = (dataDir: string) => path.join(dataDir, 'files');

/** The folder of the local file store (what a backup copies); undefined when files are in a bucket. */
export function localFileRoot(config: Pick<Config, 'fileStore' | 'dataDir'>): string | undefined {
  return config.fileStore.kind === 'local' ? localFolder(config.dataDir) : undefined;
}

/**
 * The origins, other than the app’s own, that browsers load stored files from: the pages’
 * Content-Security-Policy must allow them as image sources.
 */
export function fileStoreCspSources(config: Pick<Config, 'fileStore'>): CspSources {
  return config.fileStore.kind === 's3' ? { 'img-src': [new URL(config.fileStore.publicUrl).origin] } : {};
}
