import type { AppLoadContext } from "@remix-run/node";
import type { Language } from "~/contracts/i18n/config";
import { CHINA_COUNTRY_ID } from "~/contracts/exhibitor/address-schema";
import { LIST_FIELDS, STEP_FIELDS, type ProfileDraft, type ProfileStep } from "~/contracts/exhibitor/schema";
import type { StepOptions } from "~/features/exhibitor/profile-steps";
import { lookupEndpoints } from "~/contracts/lookups/endpoints.server";
import { requireOk, type ApiClient, type ApiResult } from "../../lib/api.server";
import type { ProfileView } from "../../contracts/exhibitor/api-types";
import { exhibitorEndpoints } from "../../contracts/exhibitor/endpoints.server";

/** GET /smeb/exhibitor/info/findByUserId (the shape is shared with our API). */
export type { ProfileView };

type Named = { id: number | string; name: string; nameEn: string };

export async function loadProfile(api: ApiClient, request: Request, context: AppLoadContext) {
  return requireOk(await api.call(exhibitorEndpoints.profile), request, context);
}

const options = (items: Named[], language: Language) =>
  items.map((item) => ({ value: String(item.id), label: language === "en" ? item.nameEn || item.name : item.name }));

/** A lookup list (address pickers) for a loader: a failure ends as the API's error, as any list. */
async function lookup(result: Promise<ApiResult<Named[]>>, request: Request, context: AppLoadContext) {
  return requireOk(await result, request, context);
}

const text = (value: unknown) => (typeof value === "string" ? value : Array.isArray(value) ? String(value[0] ?? "") : "");

/** The choices a step offers, given what is chosen so far (address and theme cascade). */
export async function loadStepOptions(
  api: ApiClient,
  step: ProfileStep,
  values: Record<string, unknown>,
  language: Language,
  request: Request,
  context: AppLoadContext,
): Promise<StepOptions> {
  if (step === "company") {
    const countryId = text(values.countryId);
    const provinceCode = text(values.provinceCode);
    const cityCode = text(values.cityCode);
    const china = Number(countryId) === CHINA_COUNTRY_ID;
    const [countries, provinces, cities, districts] = await Promise.all([
      lookup(api.call(lookupEndpoints.countries), request, context),
      china ? lookup(api.call(lookupEndpoints.provinces, { countryId }), request, context) : [],
      china && provinceCode ? lookup(api.call(lookupEndpoints.cities, { parentId: provinceCode }), request, context) : [],
      china && cityCode ? lookup(api.call(lookupEndpoints.districts, { parentId: cityCode }), request, context) : [],
    ]);
    return {
      countries: options(countries, language),
      provinces: options(provinces, language),
      cities: options(cities, language),
      districts: options(districts, language),
    };
  }
  if (step === "exhibits") {
    const [classes, industries, themes] = await Promise.all([
      api.call(exhibitorEndpoints.classes).then((answer) => requireOk(answer, request, context)),
      api.call(exhibitorEndpoints.industries).then((answer) => requireOk(answer, request, context)),
      api.call(exhibitorEndpoints.themes).then((answer) => requireOk(answer, request, context)),
    ]);
    const theme = themes.find((t) => String(t.id) === text(values.themeId));
    return {
      classes: options(classes, language),
      industries: options(industries, language),
      themes: options(themes, language),
      pavilions: options(theme?.pavilions ?? [], language),
    };
  }
  return {};
}

/**
 * A choice whose parent changed no longer fits: clear it (docs/product.md § Uploads: country, province, city,
 * district are chosen in that order; a pavilion belongs to its theme).
 */
export function dropStaleChoices(values: Record<string, string | string[]>, options: StepOptions) {
  const fits = (name: string, list: StepOptions[keyof StepOptions]) => {
    const value = text(values[name]);
    if (value && !(list ?? []).some((o) => o.value === value)) values[name] = "";
  };
  if ("countryId" in values) {
    fits("provinceCode", options.provinces);
    fits("cityCode", options.cities);
    fits("districtCode", options.districts);
  }
  if ("themeId" in values) fits("pavilionId", options.pavilions);
  return values;
}

/** A step's fields as posted: lists for the checkbox groups, text for the rest; absent means empty. */
export function stepValuesFromForm(formData: FormData, step: ProfileStep) {
  const values: Record<string, string | string[]> = {};
  for (const field of STEP_FIELDS[step]) {
    if (LIST_FIELDS.has(field)) values[field] = formData.getAll(field).filter((v): v is string => typeof v === "string" && v !== "");
    else {
      const value = formData.get(field);
      values[field] = typeof value === "string" ? value : "";
    }
  }
  return values;
}

/** The fields of one step from a saved draft, as form values. */
export function stepValuesFromDraft(draft: ProfileDraft, step: ProfileStep) {
  const values: Record<string, string | string[]> = {};
  for (const field of STEP_FIELDS[step]) {
    const value = draft[field];
    if (value !== undefined) values[field] = value;
  }
  return values;
}

/** Whether the chosen city has districts to choose from (docs/product.md § Uploads: 'the area when the field exists'). */
export async function districtsExistFor(api: ApiClient, values: Record<string, unknown>, request: Request, context: AppLoadContext) {
  const cityCode = text(values.cityCode);
  if (!cityCode || Number(text(values.countryId)) !== CHINA_COUNTRY_ID) return false;
  return (await lookup(api.call(lookupEndpoints.districts, { parentId: cityCode }), request, context)).length > 0;
}
