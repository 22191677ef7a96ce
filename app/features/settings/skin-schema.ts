import * as z from "zod";
import "../../lib/zod-messages";

/** Spec: a skin picker with three background images; one must be chosen; stored per user. */
export const SKIN_IDS = ["skin1", "skin2", "skin3"] as const;
export type SkinId = (typeof SKIN_IDS)[number];

export function isSkinId(value: unknown): value is SkinId {
  return (SKIN_IDS as readonly unknown[]).includes(value);
}

/** The background image of a skin (public/skins/*.svg). */
export function skinImageUrl(skin: SkinId) {
  return `/skins/${skin}.svg`;
}

export const skinSchema = z.object({
  skin: z.enum(SKIN_IDS, { message: "settings.skinRequired" }),
});

export type SkinResponse = { skin: SkinId | null; skins: SkinId[] };
