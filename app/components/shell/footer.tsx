import { Link, useFetcher } from "@remix-run/react";
import { useState } from "react";
import { useTranslation } from "~/i18n/texts";
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

export function ShellFooter({
  language,
  filingNumber,
  userGuideUrl,
  showFloating,
  signedIn,
}: {
  language: Language;
  filingNumber: string;
  userGuideUrl: string;
  showFloating: boolean;
  signedIn: boolean;
}) {
  const { t } = useTranslation();
  return (
    <>
      <footer className="shell-footer">
        <span>{t("app.copyright")}</span>
        <span>{t("shell.filing", { number: filingNumber })}</span>
        {/* The skin picker is reached from this settings link, not from the user dropdown (docs/product.md § Header and menus). */}
        {signedIn ? (
          <Link to="/skin" className="shell-footer-link">
            {t("shell.settings")}
          </Link>
        ) : null}
      </footer>
      {showFloating ? (
        <div className="shell-floating">
          <ContactButton />
          {/* The user guide exists in Chinese only. */}
          {language === "zh" ? (
            <a href={userGuideUrl} target="_blank" rel="noopener noreferrer" className="shell-float-button">
              {t("shell.userGuide")}
            </a>
          ) : null}
        </div>
      ) : null}
    </>
  );
}
