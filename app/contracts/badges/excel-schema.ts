import * as z from "zod";
import "../common/zod-messages";
import { blank, idValue } from "../common/validation";
import "./texts";

/** The upload's form fields beside the file (BADGE_EXCEL_FILE_FIELD): `boothId` (BADGE_EXCEL_BOOTH_FIELD), the booth to save for, else the session's. */
export const badgeUploadFieldsSchema = z.object({ boothId: z.preprocess(blank, idValue("badges.fields.booth").optional()) });
