/** The organizer's backend knows China as country 37 (docs/product.md § Service orders: province required for it in zh). */
export const CHINA_COUNTRY_ID = 37;

/** Taiwan, Hong Kong and Macao: a province is enough, no city is required (docs/product.md § Service orders). */
const SPECIAL_REGION_PROVINCE_CODES = ["710000", "810000", "820000"] as const;

function isSpecialRegion(provinceCode: string | undefined | null) {
  return Boolean(provinceCode && (SPECIAL_REGION_PROVINCE_CODES as readonly string[]).includes(provinceCode));
}

/** What docs/product.md § Validation requires of an address, given what is chosen so far. */
export function requiredAddressParts(input: {
  language: "zh" | "en";
  countryId?: number | null;
  provinceCode?: string | null;
  /** Whether the chosen city has districts to choose from ("plus the area when the field exists"). */
  districtsExist: boolean;
}) {
  const china = input.countryId === CHINA_COUNTRY_ID;
  const province = china && input.language === "zh";
  // A province that is not a special region needs a city (and a district when it has some).
  const city = china && Boolean(input.provinceCode || province) && !isSpecialRegion(input.provinceCode);
  return { country: true, province, city, district: city && input.districtsExist };
}
