import { type ReactNode, useEffect, useId, useRef } from "react";
import { useTranslation } from "~/i18n/texts";

/**
 * The footer's 'Contact us' dialog, on the browser's own modal <dialog>: focus moves in and stays
 * inside, Escape closes it and the page behind is inert. Mantine's Modal did the same with its own
 * focus trap, scroll lock, portal and transitions, and that code sat in the Mantine chunk every page
 * loads before it is interactive, although the dialog opens only on a click (docs/decisions/051).
 */
export function ContactDialog({ opened, onClose, title, children }: { opened: boolean; onClose: () => void; title: string; children: ReactNode }) {
  const { t } = useTranslation();
  const dialog = useRef<HTMLDialogElement>(null);
  const titleId = useId();
  useEffect(() => {
    const element = dialog.current;
    if (!element) return;
    if (opened && !element.open) element.showModal();
    if (!opened && element.open) element.close();
  }, [opened]);
  return (
    // biome-ignore lint/a11y/useKeyWithClickEvents: a click on the backdrop closes it; from the keyboard, Escape (the dialog's own) and the close button do
    <dialog
      ref={dialog}
      className="contact-dialog"
      aria-labelledby={titleId}
      // Escape closes the dialog itself; the state follows.
      onClose={onClose}
      // The panel fills the dialog, so a click whose target is the dialog landed on the backdrop.
      onClick={(event) => {
        if (event.target === event.currentTarget) onClose();
      }}
    >
      <div className="contact-dialog-panel">
        <div className="contact-dialog-head">
          <h2 id={titleId} className="contact-dialog-title">
            {title}
          </h2>
          <button type="button" className="contact-dialog-close" aria-label={t("common.close")} onClick={onClose}>
            ×
          </button>
        </div>
        {children}
      </div>
    </dialog>
  );
}
