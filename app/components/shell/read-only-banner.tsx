import { useTranslation } from "~/i18n/texts";

/** A team member or staff account granted only reading in this page's area: said once, above the page. */
export function ReadOnlyBanner() {
  const { t } = useTranslation();
  return (
    <p className="shell-read-only-banner" role="note" data-testid="read-only-banner">
      {t("team.readOnlyBanner")}
    </p>
  );
}
