import { Alert, Anchor, Badge, Group, List, Stack, Table, Text, Title } from "@mantine/core";
import { Link } from "@remix-run/react";
import { useTranslation } from "~/i18n/texts";
import type { ProfileView } from "~/features/exhibitor/profile.server";
import {
  ATTENDANCE,
  CONTACT_TYPES,
  ENTERPRISE_ADVANTAGES,
  LISTING_STATUSES,
  LIST_FIELDS,
  LIVE_EVENT_THEMES,
  PROFILE_STEPS,
  STEP_FIELDS,
  label,
  type ProfileStep,
} from "~/contracts/exhibitor/values";
import type { StepOptions } from "./profile-steps";
import "../../contracts/exhibitor/texts";
import { exhibitionDate } from "~/contracts/common/exhibition-time";

type Profile = Pick<ProfileView, "status" | "reviewComment" | "submittedAt" | "expectedReviewBy" | "approvedAt" | "draft" | "submitted" | "history">;

/** Dates shown as the exhibition's calendar day. */
const day = (value: string | null) => exhibitionDate(value);

const STATUS_COLORS = { draft: "gray", under_review: "blue", approved: "green", returned: "orange" } as const;

export function ProfileStatusBanner({ profile }: { profile: Profile; language: "zh" | "en" }) {
  const { t } = useTranslation();
  const badge = (
    <Badge color={STATUS_COLORS[profile.status]} data-testid="profile-status">
      {t(`exhibitor.status.${profile.status}`)}
    </Badge>
  );
  if (profile.status === "under_review") {
    return (
      <Alert color="blue" title={badge} data-testid="status-banner">
        {t("exhibitor.underReview", { date: day(profile.expectedReviewBy) })}
      </Alert>
    );
  }
  if (profile.status === "returned") {
    return (
      <Alert color="orange" title={badge} data-testid="status-banner">
        <Text size="sm">{t("exhibitor.returned")}</Text>
        <Text size="sm" fw={600} data-testid="review-comment" style={{ whiteSpace: "pre-wrap" }}>
          {profile.reviewComment}
        </Text>
      </Alert>
    );
  }
  if (profile.status === "approved" || profile.approvedAt) {
    return (
      <Alert color="green" title={badge} data-testid="status-banner">
        <Group gap="xs">
          <Text size="sm">{t("exhibitor.approved", { date: day(profile.approvedAt) })}</Text>
          <Anchor component={Link} to="/exhibitorInfo/exhibitorData/letter" size="sm">
            {t("exhibitor.letter.link")}
          </Anchor>
        </Group>
        {profile.status !== "approved" ? <Text size="sm">{t("exhibitor.editingApproved")}</Text> : null}
      </Alert>
    );
  }
  return (
    <Group gap="xs" data-testid="status-banner">
      {badge}
      <Text size="sm" c="dimmed">
        {t("exhibitor.draftHint")}
      </Text>
    </Group>
  );
}

/** The five steps as links: any step can be opened, the draft keeps the others. */
export function ProfileStepper({ current }: { current: ProfileStep }) {
  const { t } = useTranslation();
  return (
    <nav aria-label={t("exhibitor.stepsLabel")}>
      <ol className="profile-stepper">
        {PROFILE_STEPS.map((step, index) => (
          <li key={step} aria-current={step === current ? "step" : undefined} className={step === current ? "is-current" : undefined}>
            <Link to={`?step=${step}`} prefetch="none">
              <span className="profile-stepper-number">{index + 1}</span> {t(`exhibitor.steps.${step}`)}
            </Link>
          </li>
        ))}
      </ol>
    </nav>
  );
}

const CHOICE_PREFIX: Record<string, [string, readonly string[]]> = {
  listingStatus: ["listing", LISTING_STATUSES],
  contact1Type: ["contactTypes", CONTACT_TYPES],
  contact2Type: ["contactTypes", CONTACT_TYPES],
  attendance: ["attendance", ATTENDANCE],
  advantages: ["advantages", ENTERPRISE_ADVANTAGES],
  liveEventThemes: ["liveThemes", LIVE_EVENT_THEMES],
};

const OPTION_LISTS: Record<string, keyof StepOptions> = {
  countryId: "countries",
  provinceCode: "provinces",
  cityCode: "cities",
  districtCode: "districts",
  exhibitClassIds: "classes",
  industryIds: "industries",
  themeId: "themes",
  pavilionId: "pavilions",
};

/** The submitted profile, read-only (docs/product.md § Exhibitor data: under review nothing can be changed). */
export function ProfileSummary({ profile, options }: { profile: Profile; options: StepOptions }) {
  const { t } = useTranslation();
  const data = (profile.submitted ?? profile.draft) as Record<string, string | string[] | undefined>;
  const show = (field: string) => {
    const raw = data[field];
    const list = Array.isArray(raw) ? raw : raw ? [raw] : [];
    const choice = CHOICE_PREFIX[field];
    const optionList = OPTION_LISTS[field] ? options[OPTION_LISTS[field]] : undefined;
    const names = list.map((value) => {
      if (choice) return t(`exhibitor.${choice[0]}.${value}`);
      return optionList?.find((o) => o.value === value)?.label ?? value;
    });
    if (field.endsWith("Url") && list[0]) {
      return (
        <Anchor href={list[0]} target="_blank" rel="noopener">
          {t("exhibitor.viewFile")}
        </Anchor>
      );
    }
    return names.length ? names.join(LIST_FIELDS.has(field) ? ", " : "") : "—";
  };
  return (
    <Stack gap="lg" data-testid="profile-summary">
      {PROFILE_STEPS.map((step) => (
        <section key={step} aria-labelledby={`summary-${step}`}>
          <Title order={2} size="h5" id={`summary-${step}`}>
            {t(`exhibitor.steps.${step}`)}
          </Title>
          <Table striped withTableBorder layout="fixed" mt="xs">
            <Table.Tbody>
              {STEP_FIELDS[step].map((field) => (
                <Table.Tr key={field}>
                  <Table.Th w="35%" scope="row">
                    {t(label(field))}
                  </Table.Th>
                  <Table.Td style={{ whiteSpace: "pre-wrap", overflowWrap: "anywhere" }}>{show(field)}</Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </section>
      ))}
      <ProfileHistory history={profile.history} />
    </Stack>
  );
}

export function ProfileHistory({ history }: { history: ProfileView["history"] }) {
  const { t } = useTranslation();
  // Draft saves stay in the audit trail; the page lists what changed the profile's state.
  const shown = history.filter((event) => event.action !== "draft_saved");
  if (!shown.length) return null;
  return (
    <section aria-labelledby="profile-history">
      <Title order={2} size="h5" id="profile-history">
        {t("exhibitor.history.title")}
      </Title>
      <List size="sm" mt="xs" data-testid="profile-history">
        {shown.map((event, i) => (
          // biome-ignore lint/suspicious/noArrayIndexKey: two entries of the audit trail can read the same (same action, actor and time); the trail is append-only and shown in the server's order, never reordered
          <List.Item key={`${event.createdAt}-${event.action}-${i}`}>
            {new Date(event.createdAt).toISOString().slice(0, 16).replace("T", " ")} UTC · {event.actorLabel} ·{" "}
            {t(`exhibitor.history.actions.${event.action}`, { defaultValue: event.action })}
            {event.comment ? ` — ${event.comment}` : ""}
          </List.Item>
        ))}
      </List>
    </section>
  );
}
