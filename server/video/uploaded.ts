import type { Database } from "../db/database";
import { approvedPublicProfile } from "../exhibitor/public-profile";
import { storedFileIdOf } from "../uploads/files";

/**
 * The company video of an exhibitor's approved profile (issue 40, decision 037), which its public
 * video link may play instead of the generated one: the profile's video and cover as last approved
 * (a draft never), and only the exhibitor's own stored files of the right kind.
 */
type StoredRef = { key: string; contentType: string };
export type UploadedVideo = { video: StoredRef; cover: StoredRef | null };

const COVER_TYPES = new Set(["image/png", "image/jpeg"]);

export async function uploadedVideoOf(db: Database, who: { userId: number; exhibitionId: number }): Promise<UploadedVideo | null> {
  const { approved } = await approvedPublicProfile(db, who);
  const videoId = storedFileIdOf(approved.videoUrl);
  const coverId = storedFileIdOf(approved.videoCoverUrl);
  const ids = [videoId, coverId].filter((id): id is string => Boolean(id));
  if (!videoId) return null;
  const files = await db
    .selectFrom("stored_files")
    .select(["id", "storage_key", "content_type"])
    .where("id", "in", ids)
    .where("owner_user_id", "=", who.userId)
    .execute();
  const video = files.find((f) => f.id === videoId && f.content_type === "video/mp4");
  const cover = files.find((f) => f.id === coverId && COVER_TYPES.has(f.content_type));
  if (!video) return null;
  return {
    video: { key: video.storage_key, contentType: video.content_type },
    cover: cover ? { key: cover.storage_key, contentType: cover.content_type } : null,
  };
}
