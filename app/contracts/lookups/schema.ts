import * as z from "zod";
import "../common/zod-messages";
import { MAX_ID } from "../common/validation";

/** One choice of the address pickers: `{id, name, nameEn}` (name in Chinese; id a code for regions). */
export type LookupItem = { id: number | string; name: string; nameEn: string };
export type HallItem = { id: number; code: string; name: string; nameEn: string };
/** A region of China with the regions under it: provinces, their cities, the cities' districts. */
export type RegionNode = LookupItem & { id: string; children?: RegionNode[] };

/** "" (an unselected form field) counts as absent. */
const blankToUndefined = (value: unknown) => (value === "" || value === null ? undefined : value);

const regionCode = z.preprocess(
  blankToUndefined,
  z
    .string({ message: "errors.badRequest" })
    .trim()
    .regex(/^\d{6}$/, { message: "errors.badRequest" }),
);
const countryId = z.preprocess(
  blankToUndefined,
  z.coerce
    .number({ message: "errors.badRequest" })
    .int({ message: "errors.badRequest" })
    .positive({ message: "errors.badRequest" })
    .max(MAX_ID, { message: "errors.badRequest" }),
);

export const optionalParentSchema = z.object({ parentId: regionCode.optional() });
export const requiredParentSchema = z.object({ parentId: regionCode });
export const provinceQuerySchema = z.object({ countryId: countryId.optional() });
