import type { Database } from "../db/database";
import { approvedPublicProfile } from "../exhibitor/public-profile";
import { storedFileIdOf } from "../uploads/files";
import { ownedFile } from "../uploads/own-upload";

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
  if (!videoId) return null;
  const [video, cover] = await Promise.all([ownedFile(db, who.userId, videoId, { contentType: "video/mp4" }), ownedFile(db, who.userId, coverId)]);
  if (!video) return null;
  return {
    video: { key: video.storageKey, contentType: video.contentType },
    cover: cover && COVER_TYPES.has(cover.contentType) ? { key: cover.storageKey, contentType: cover.contentType } : null,
  };
}
