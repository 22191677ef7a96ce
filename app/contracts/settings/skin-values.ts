/** Spec: a skin picker with three background images; one must be chosen; stored per user. Without zod, for the page; skin-schema.ts builds on it. */
export const SKIN_IDS = ["skin1", "skin2", "skin3"] as const;
export type SkinId = (typeof SKIN_IDS)[number];

export function isSkinId(value: unknown): value is SkinId {
  return (SKIN_IDS as readonly unknown[]).includes(value);
}

/** The background image of a skin (public/skins/*.svg). */
export function skinImageUrl(skin: SkinId) {
  return `/skins/${skin}.svg`;
}

export type SkinResponse = { skin: SkinId | null; skins: SkinId[] };
