import { useTranslation } from "~/i18n/texts";

/** "演示 / Demo" beside the portal's name while the database holds the demo (docs/decisions/054): in the flow, never over the content. */
export function DemoMark() {
  const { t } = useTranslation();
  return (
    <span className="demo-mark" data-testid="demo-mark" title={t("shell.demoMarkHint")}>
      {t("shell.demoMark")}
      <span className="visually-hidden">: {t("shell.demoMarkHint")}</span>
    </span>
  );
}
