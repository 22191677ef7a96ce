import { getSelectProps } from "@conform-to/react";
import { Group, NativeSelect, SimpleGrid } from "@mantine/core";
import { useEffect, useState } from "react";
import { CHINA_COUNTRY_ID } from "~/contracts/exhibitor/address-schema";
import { label } from "~/contracts/exhibitor/values";
import type { RegionChoices, RegionOption } from "~/contracts/lookups/region-choices";
import { useTranslation } from "~/i18n/texts";
import { useErrorText } from "~/lib/forms";
import { IntentButton, type Fields, type Option } from "./profile-fields";
import "../../contracts/exhibitor/texts";

const ADDRESS = ["countryId", "provinceCode", "cityCode", "districtCode"] as const;
type AddressField = (typeof ADDRESS)[number];
type Lists = Record<"countries" | "provinces" | "cities" | "districts", Option[]>;

const toOptions = (list: RegionOption[] | undefined): Option[] => (list ?? []).map(([value, text]) => ({ value, label: text }));

/**
 * Country, province, city and district (docs/product.md § Validation: chosen in that order). The
 * page's answer has the lists of what is chosen, so the form works without JavaScript ('Update the
 * choices' posts it and the page comes back with the next lists). With JavaScript the page fetches
 * every region once (public, cached: decision 050) and each choice fills the next list at once, no
 * round trip; until that list has arrived, a choice posts the form as without JavaScript.
 */
export function AddressFields({ fields, lists, regionsUrl }: { fields: Fields; lists: Lists; regionsUrl?: string }) {
  const { t } = useTranslation();
  const errorText = useErrorText();
  const initial = (name: AddressField) => {
    const value = fields[name]?.initialValue;
    return typeof value === "string" ? value : "";
  };
  const [chosen, setChosen] = useState<Record<AddressField, string>>(() => ({
    countryId: initial("countryId"),
    provinceCode: initial("provinceCode"),
    cityCode: initial("cityCode"),
    districtCode: initial("districtCode"),
  }));
  const [regions, setRegions] = useState<RegionChoices | null>(null);

  useEffect(() => {
    if (!regionsUrl) return;
    const controller = new AbortController();
    // Without the session cookie: the same for everyone, so the browser may keep it (a signed-in answer is never cached).
    fetch(regionsUrl, { credentials: "omit", signal: controller.signal })
      .then((response) => (response.ok ? (response.json() as Promise<RegionChoices>) : null))
      .then((data) => {
        if (data?.provinces) setRegions(data);
      })
      // Offline or refused: choices keep posting the form.
      .catch(() => undefined);
    return () => controller.abort();
  }, [regionsUrl]);

  const shown: Lists = regions
    ? {
        countries: lists.countries,
        provinces: Number(chosen.countryId) === CHINA_COUNTRY_ID ? toOptions(regions.provinces) : [],
        cities: chosen.provinceCode ? toOptions(regions.under[chosen.provinceCode]) : [],
        districts: chosen.cityCode ? toOptions(regions.under[chosen.cityCode]) : [],
      }
    : lists;

  const onChange = (name: AddressField) => (event: React.ChangeEvent<HTMLSelectElement>) => {
    const value = event.currentTarget.value;
    // What comes after a changed choice no longer fits it.
    const after = ADDRESS.slice(ADDRESS.indexOf(name) + 1);
    setChosen((current) => ({ ...current, [name]: value, ...Object.fromEntries(after.map((next) => [next, ""])) }));
    if (regions || name === "districtCode") return;
    const form = event.currentTarget.form;
    const button = form?.querySelector<HTMLButtonElement>('button[name=intent][value="address"]');
    if (form && button) form.requestSubmit(button);
  };

  const select = (name: AddressField, options: Option[], required?: boolean) => {
    const field = fields[name]!;
    const { defaultValue: _, ...props } = getSelectProps(field);
    return (
      <NativeSelect
        {...props}
        key={field.key}
        value={chosen[name]}
        onChange={onChange(name)}
        required={false}
        label={t(label(name))}
        withAsterisk={required}
        error={errorText(field.errors)}
        data={[{ value: "", label: t("exhibitor.choose") }, ...options]}
      />
    );
  };

  return (
    <>
      <SimpleGrid cols={{ base: 1, sm: 2, md: 4 }} data-regions={regions ? "ready" : undefined} data-testid="address-choices">
        {select("countryId", shown.countries, true)}
        {select("provinceCode", shown.provinces)}
        {select("cityCode", shown.cities)}
        {select("districtCode", shown.districts)}
      </SimpleGrid>
      {/* Without the regions in the browser (no JavaScript, or not yet arrived), this asks the server for the next lists. */}
      {regions ? null : (
        <Group mt="xs">
          <IntentButton intent="address">{t("exhibitor.actions.refreshChoices")}</IntentButton>
        </Group>
      )}
    </>
  );
}
