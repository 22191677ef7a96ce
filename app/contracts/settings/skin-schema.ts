import * as z from "zod";
import "../common/zod-messages";
import { SKIN_IDS } from "./skin-values";
import "./texts";

/** The skins, zod-free for the browser (skin-values.ts); the server's code imports them from here too. */
export * from "./skin-values";

export const skinSchema = z.object({
  skin: z.enum(SKIN_IDS, { message: "settings.skinRequired" }),
});
