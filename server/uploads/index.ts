import type { Config } from "../config";
import type { Database } from "../db/database";
import { loadStorageSecrets } from "../auth/secrets";
import { createLocalStore } from "./local-store";
import type { ObjectStore } from "./object-store";
import { createS3Store } from "./s3-store";
import { holdDeletionsDuringBackups } from "../backup/deletion-hold";

/** The configured object store (STORAGE=local, the default, or s3). */
export function createObjectStore(config: Config, db: Database): ObjectStore {
  // A running backup copies what its snapshot names: deletions wait for it (server/backup/deletion-hold.ts).
  return holdDeletionsDuringBackups(configuredStore(config, db), db);
}

function configuredStore(config: Config, db: Database): ObjectStore {
  if (config.STORAGE === "s3") {
    return createS3Store({
      endpoint: config.S3_ENDPOINT,
      publicEndpoint: config.S3_PUBLIC_ENDPOINT,
      region: config.S3_REGION,
      bucket: config.S3_BUCKET!,
      accessKeyId: config.S3_ACCESS_KEY_ID!,
      secretAccessKey: config.S3_SECRET_ACCESS_KEY!,
      forcePathStyle: config.S3_FORCE_PATH_STYLE,
    });
  }
  let secrets: Promise<string[]> | null = null;
  return createLocalStore({
    dataDir: config.dataDir,
    // Shared through the database, so any process verifies what another signed.
    secrets: () => (secrets ??= loadStorageSecrets(db, [])),
  });
}
