import * as z from "zod";
import "../common/zod-messages";
import "./texts";

/** Switching the current booth (for users with several): POST /smeb/user/switchBooth {boothId}. */
export const switchBoothSchema = z.object({
  boothId: z.coerce.number({ message: "settings.boothRequired" }).int("settings.boothRequired").positive("settings.boothRequired"),
});

export type SwitchBoothResponse = { boothId: number; boothNo: string };
