import { endpoint, publicEndpoint } from "../api/endpoint";
import type { PublicVideoPage, VideoList, VideoStatus } from "./api-types";
import { videoFlagsSchema, videoListSchema, videoPublicSchema, videoStartSchema } from "./schema";

/**
 * Promotional videos (issue 40, decision 037), under /node/service/exhibitor as the spec names them:
 * the exhibitor's generation (started as a background job), its progress, the download flag; the
 * organizer's list of every exhibitor's video.
 */
export const videoEndpoints = {
  /** The caller's video: the last job's state and progress, and the last good video. */
  progress: endpoint.get("/node/service/exhibitor/video/progress").answers<VideoStatus>(),
  /** Starts a generation (409 while one is queued or rendering). */
  generate: endpoint.post("/node/service/exhibitor/video/generate", videoStartSchema).answers<VideoStatus>(),
  updateFlags: endpoint.post("/node/service/exhibitor/video/updateFlags", videoFlagsSchema).answers<VideoStatus>(),
  /** The organizer's list (roleId 1). */
  list: endpoint.get("/node/service/exhibitor/video/list", videoListSchema).answers<VideoList>(),
  /** Public (no session): the company and the video a public code plays, for /exhibitorInfo/promotionalVideo?code=…. */
  publicPage: publicEndpoint.get("/node/service/exhibitor/video/public", videoPublicSchema).answers<PublicVideoPage>(),
};
