import { Link, useFetcher } from "@remix-run/react";
import { useState } from "react";
import { useTranslation } from "~/i18n/texts";
import type { SiteSettings } from "~/contracts/exhibition-settings/values";
import type { Language } from "~/contracts/i18n/config";
import { ContactUsContent } from "../contact-us";
import { ContactDialog } from "./contact-dialog";

type ContactData = { qrCode: string | null; tips: string[] };

/** 'Contact us': a page without JavaScript, a 400 px dialog with it (docs/product.md § Footer and floating buttons). */
function ContactButton() {
  const { t } = useTranslation();
  const [opened, setOpened] = useState(false);
  const fetcher = useFetcher<ContactData>();
  return (
    <>
      <Link
        to="/contact"
        className="shell-float-button"
        onClick={(event) => {
          event.preventDefault();
          setOpened(true);
          if (fetcher.state === "idle" && !fetcher.data) fetcher.load("/contact");
        }}
      >
        {t("shell.contactUs")}
      </Link>
      <ContactDialog opened={opened} onClose={() => setOpened(false)} title={t("shell.contactUs")}>
        {fetcher.data ? <ContactUsContent qrCode={fetcher.data.qrCode} tips={fetcher.data.tips} /> : <p>{t("common.loading")}</p>}
      </ContactDialog>
    </>
  );
}

/** The footer and the floating buttons; each element of the organizer's settings only once it is set (issue 52). */
export function ShellFooter({ language, site, showFloating, signedIn }: { language: Language; site: SiteSettings; showFloating: boolean; signedIn: boolean }) {
  const { t } = useTranslation();
  // The user guide exists in Chinese only.
  const userGuideUrl = language === "zh" ? site.userGuideUrl : null;
  return (
    <>
      <footer className="shell-footer">
        <span>{t("app.copyright")}</span>
        {site.filingNumber ? <span data-testid="footer-filing">{t("shell.filing", { number: site.filingNumber })}</span> : null}
        {/* The skin picker is reached from this settings link, not from the user dropdown (docs/product.md § Header and menus). */}
        {signedIn ? (
          <Link to="/skin" className="shell-footer-link">
            {t("shell.settings")}
          </Link>
        ) : null}
      </footer>
      {showFloating && (site.hasContactCode || userGuideUrl) ? (
        <div className="shell-floating">
          {site.hasContactCode ? <ContactButton /> : null}
          {userGuideUrl ? (
            <a href={userGuideUrl} target="_blank" rel="noopener noreferrer" className="shell-float-button" data-testid="user-guide">
              {t("shell.userGuide")}
            </a>
          ) : null}
        </div>
      ) : null}
    </>
  );
}
