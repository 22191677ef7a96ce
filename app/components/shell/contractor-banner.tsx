import { useTranslation } from "~/i18n/texts";
import type { ShellUserSummary } from "./types";

/** Always in view for an entrusted contractor: whom they are acting for, and for which booth. */
export function ContractorBanner({ user }: { user: ShellUserSummary }) {
  const { t } = useTranslation();
  if (!user.contractor) return null;
  return (
    <p className="shell-contractor-banner" role="note" data-testid="contractor-banner">
      {t("shell.contractorBanner", { company: user.contractor.companyName, exhibitor: user.displayName, booth: user.boothNo ?? "-" })}
    </p>
  );
}
