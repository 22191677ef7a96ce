import { Group, SimpleGrid, Stack, Text, Title } from "@mantine/core";
import { useTranslation } from "~/i18n/texts";
import { FieldFileUpload } from "~/features/uploads/field-file-upload";
import {
  ATTENDANCE,
  CONTACT_TYPES,
  COVER_KINDS,
  COVER_MAX_BYTES,
  ENTERPRISE_ADVANTAGES,
  LISTING_STATUSES,
  LIVE_EVENT_THEMES,
  LOGO_KINDS,
  LOGO_MAX_BYTES,
  MAX_EXHIBIT_CLASSES,
  MAX_INDUSTRIES,
  VIDEO_KINDS,
  VIDEO_MAX_BYTES,
  label,
  type ProfileStep,
} from "~/contracts/exhibitor/values";
import { AddressFields } from "./address-fields";
import { CheckboxGroupField, IntentButton, RadioGroupField, SelectField, TextAreaField, TextField, type Fields, type Option } from "./profile-fields";
import "../../contracts/exhibitor/texts";

export type StepOptions = Partial<Record<"countries" | "provinces" | "cities" | "districts" | "classes" | "industries" | "themes" | "pavilions", Option[]>>;

/** `regionsUrl`: where the address pickers fetch every region with JavaScript (address-fields.tsx). */
type Props = { step: ProfileStep; fields: Fields; options: StepOptions; formValues?: Record<string, unknown>; regionsUrl?: string };

/** A select whose choice decides the next one's options (the theme's pavilions): with JavaScript, choosing reloads them. */
function submitChoice(intent: string) {
  return (event: React.ChangeEvent<HTMLSelectElement>) => {
    const form = event.currentTarget.form;
    const button = form?.querySelector<HTMLButtonElement>(`button[name=intent][value="${intent}"]`);
    if (form && button) form.requestSubmit(button);
  };
}

export function ProfileStepFields({ step, fields, options, formValues, regionsUrl }: Props) {
  switch (step) {
    case "company":
      return <CompanyStep fields={fields} options={options} regionsUrl={regionsUrl} />;
    case "contacts":
      return <ContactsStep fields={fields} />;
    case "presentation":
      return <PresentationStep fields={fields} formValues={formValues} />;
    case "exhibits":
      return <ExhibitsStep fields={fields} options={options} />;
    case "events":
      return <EventsStep fields={fields} />;
  }
}

function useChoices(prefix: string, values: readonly string[]): Option[] {
  const { t } = useTranslation();
  return values.map((value) => ({ value, label: t(`exhibitor.${prefix}.${value}`) }));
}

function CompanyStep({ fields, options, regionsUrl }: { fields: Fields; options: StepOptions; regionsUrl?: string }) {
  const { t } = useTranslation();
  const listing = useChoices("listing", LISTING_STATUSES);
  return (
    <Stack gap="sm">
      <SimpleGrid cols={{ base: 1, sm: 2 }}>
        <TextField fields={fields} name="companyNameZh" required maxLength={100} />
        <TextField fields={fields} name="companyNameEn" required maxLength={200} />
      </SimpleGrid>
      <TextField fields={fields} name="contractCompanyNames" maxLength={300} description={t("exhibitor.hints.contractCompanies")} />
      <SimpleGrid cols={{ base: 1, sm: 2 }}>
        <RadioGroupField fields={fields} name="listingStatus" required options={listing} />
        <TextField fields={fields} name="stockCode" maxLength={20} description={t("exhibitor.hints.stockCode")} />
      </SimpleGrid>
      <TextField fields={fields} name="companyPhone" type="tel" required maxLength={40} description={t("exhibitor.hints.companyPhone")} />
      <fieldset className="profile-address">
        <legend>{t("exhibitor.addressLegend")}</legend>
        <Text size="xs" c="dimmed">
          {t("exhibitor.hints.addressOrder")}
        </Text>
        <AddressFields
          fields={fields}
          regionsUrl={regionsUrl}
          lists={{
            countries: options.countries ?? [],
            provinces: options.provinces ?? [],
            cities: options.cities ?? [],
            districts: options.districts ?? [],
          }}
        />
        <TextField fields={fields} name="address" required maxLength={200} />
      </fieldset>
      <TextField fields={fields} name="website" type="url" maxLength={200} placeholder="https://" />
    </Stack>
  );
}

function ContactBlock({ fields, n }: { fields: Fields; n: 1 | 2 }) {
  const { t } = useTranslation();
  const types = useChoices("contactTypes", CONTACT_TYPES);
  return (
    <fieldset className="profile-contact">
      <legend>{t(`exhibitor.contactLegend${n}`)}</legend>
      <Stack gap="sm">
        <RadioGroupField fields={fields} name={`contact${n}Type`} required options={types} />
        <SimpleGrid cols={{ base: 1, sm: 2 }}>
          <TextField fields={fields} name={`contact${n}Name`} required maxLength={50} />
          <TextField fields={fields} name={`contact${n}Position`} maxLength={50} />
          <TextField fields={fields} name={`contact${n}Mobile`} type="tel" inputMode="tel" required maxLength={24} description={t("exhibitor.hints.mobile")} />
          <TextField fields={fields} name={`contact${n}Email`} type="email" required maxLength={120} />
        </SimpleGrid>
        {n === 1 ? (
          <SimpleGrid cols={{ base: 1, sm: 2 }}>
            <Stack gap={4}>
              <TextField fields={fields} name="contact1MobileCode" inputMode="numeric" maxLength={6} description={t("exhibitor.hints.code")} />
              <Group>
                <IntentButton intent="sendSms">{t("exhibitor.actions.sendSmsCode")}</IntentButton>
              </Group>
            </Stack>
            <Stack gap={4}>
              <TextField fields={fields} name="contact1EmailCode" inputMode="numeric" maxLength={6} description={t("exhibitor.hints.code")} />
              <Group>
                <IntentButton intent="sendEmail">{t("exhibitor.actions.sendEmailCode")}</IntentButton>
              </Group>
            </Stack>
          </SimpleGrid>
        ) : null}
      </Stack>
    </fieldset>
  );
}

function ContactsStep({ fields }: { fields: Fields }) {
  return (
    <Stack gap="md">
      <ContactBlock fields={fields} n={1} />
      <ContactBlock fields={fields} n={2} />
    </Stack>
  );
}

function Upload({
  fields,
  name,
  folder,
  kinds,
  maxBytes,
  required,
  formValues,
}: {
  fields: Fields;
  name: string;
  folder: "company-logo" | "company-video" | "company-video-cover";
  kinds: typeof LOGO_KINDS;
  maxBytes: number;
  required?: boolean;
  formValues?: Record<string, unknown>;
}) {
  const { t } = useTranslation();
  const field = fields[name]!;
  return (
    <FieldFileUpload
      field={field}
      formValues={formValues}
      folder={folder}
      kinds={kinds}
      maxBytes={maxBytes}
      label={`${t(label(name))}${required ? " *" : ""}`}
    />
  );
}

function Bilingual({ fields, zh, en, maxZh, maxEn, hint }: { fields: Fields; zh: string; en: string; maxZh: number; maxEn: number; hint?: string }) {
  const { t } = useTranslation();
  return (
    <SimpleGrid cols={{ base: 1, sm: 2 }}>
      <TextAreaField fields={fields} name={zh} required maxLength={maxZh} description={hint} />
      <Stack gap={4}>
        <TextAreaField fields={fields} name={en} required maxLength={maxEn} description={hint} />
        <Group>
          <IntentButton intent={`translate:${en}`}>{t("exhibitor.actions.translate")}</IntentButton>
        </Group>
      </Stack>
    </SimpleGrid>
  );
}

function PresentationStep({ fields, formValues }: { fields: Fields; formValues?: Record<string, unknown> }) {
  const { t } = useTranslation();
  const advantages = useChoices("advantages", ENTERPRISE_ADVANTAGES);
  return (
    <Stack gap="md">
      <SimpleGrid cols={{ base: 1, md: 3 }}>
        <Upload fields={fields} name="logoUrl" folder="company-logo" kinds={LOGO_KINDS} maxBytes={LOGO_MAX_BYTES} required formValues={formValues} />
        <Upload fields={fields} name="videoUrl" folder="company-video" kinds={VIDEO_KINDS} maxBytes={VIDEO_MAX_BYTES} formValues={formValues} />
        <Upload fields={fields} name="videoCoverUrl" folder="company-video-cover" kinds={COVER_KINDS} maxBytes={COVER_MAX_BYTES} formValues={formValues} />
      </SimpleGrid>
      <Text size="xs" c="dimmed">
        {t("exhibitor.hints.video")}
      </Text>
      <Bilingual fields={fields} zh="introZh" en="introEn" maxZh={1000} maxEn={3000} />
      <Bilingual fields={fields} zh="brandsZh" en="brandsEn" maxZh={200} maxEn={400} hint={t("exhibitor.hints.brands")} />
      <Bilingual fields={fields} zh="mainProductsZh" en="mainProductsEn" maxZh={300} maxEn={600} />
      <CheckboxGroupField fields={fields} name="advantages" options={advantages} />
    </Stack>
  );
}

function ExhibitsStep({ fields, options }: { fields: Fields; options: StepOptions }) {
  const { t } = useTranslation();
  const choose = t("exhibitor.choose");
  return (
    <Stack gap="md">
      <CheckboxGroupField
        fields={fields}
        name="exhibitClassIds"
        required
        options={options.classes ?? []}
        description={t("exhibitor.hints.atMost", { max: MAX_EXHIBIT_CLASSES })}
      />
      <CheckboxGroupField
        fields={fields}
        name="industryIds"
        required
        options={options.industries ?? []}
        description={t("exhibitor.hints.atMost", { max: MAX_INDUSTRIES })}
      />
      <SimpleGrid cols={{ base: 1, sm: 2 }}>
        <SelectField fields={fields} name="themeId" required options={options.themes ?? []} placeholder={choose} onChange={submitChoice("theme")} />
        <SelectField
          fields={fields}
          name="pavilionId"
          required
          options={options.pavilions ?? []}
          placeholder={choose}
          description={t("exhibitor.hints.pavilion")}
        />
      </SimpleGrid>
      <Group>
        <IntentButton intent="theme">{t("exhibitor.actions.refreshChoices")}</IntentButton>
      </Group>
    </Stack>
  );
}

function EventsStep({ fields }: { fields: Fields }) {
  const themes = useChoices("liveThemes", LIVE_EVENT_THEMES);
  const attendance = useChoices("attendance", ATTENDANCE);
  const { t } = useTranslation();
  return (
    <Stack gap="md">
      <Title order={2} size="h5">
        {t("exhibitor.liveEventsHeading")}
      </Title>
      <CheckboxGroupField fields={fields} name="liveEventThemes" options={themes} />
      <TextAreaField fields={fields} name="liveEventNote" maxLength={500} />
      <RadioGroupField fields={fields} name="attendance" required options={attendance} />
    </Stack>
  );
}
