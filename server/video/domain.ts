import { defineServerDomain, menu } from "../domain";
import { videoRoutes } from "../api/routes/video";

/** What the video domain brings to the server, read through server/domains.ts (docs/decisions/063). */
export default defineServerDomain({
  folder: "video",
  routes: [videoRoutes],
  menus: [
    menu(15, 10, 5, "/exhibitorInfo/promotionalVideo", "宣传视频", "Promotional video", "video"),
    // The organizer's list of the exhibitors' promotional videos (issue 40, decision 037).
    menu(103, 10, 13, "/exhibitorInfo/videos", "宣传视频列表", "Promotional videos", "video", { grant: "organizer" }),
  ],
  notFileColumns: {
    promotional_videos: ["exhibit_ids", "poster_key", "video_at", "video_orientation"],
  },
});
