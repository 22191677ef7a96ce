import * as z from "zod";
import "../common/zod-messages";
import { MAX_ID } from "../common/validation";
import "./texts";

/** Switching the current booth (for users with several): POST /smeb/user/switchBooth {boothId}. */
export const switchBoothSchema = z.object({
  boothId: z.coerce
    .number({ message: "settings.boothRequired" })
    .int("settings.boothRequired")
    .positive("settings.boothRequired")
    .max(MAX_ID, "settings.boothRequired"),
});

export type SwitchBoothResponse = { boothId: number; boothNo: string };
