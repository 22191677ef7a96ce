import type { Transporter } from "nodemailer";
import { loadOnce } from "../load-once";
import type { EmailMessage } from "./notifier";

export type SmtpSender = {
  send(message: EmailMessage): Promise<void>;
  close(): void;
};

/**
 * Real e-mail through the SMTP server in SMTP_URL (credentials, port and TLS all come from the
 * URL: smtps:// is implicit TLS, smtp:// upgrades with STARTTLS when the server offers it).
 * Sending happens inside an API request, so the timeouts are short rather than nodemailer's minutes.
 */
export function createSmtpSender(options: { url: string; from: string }): SmtpSender {
  const transport = loadOnce(async (): Promise<Transporter> => {
    const { default: nodemailer } = await import("nodemailer");
    return nodemailer.createTransport({
      url: options.url,
      connectionTimeout: 10_000,
      greetingTimeout: 10_000,
      socketTimeout: 30_000,
    });
  });
  let opened: Transporter | null = null;
  return {
    async send(message) {
      // Plain addresses only (as the outbox): a newline in them would be header injection.
      for (const address of [message.to, message.replyTo]) {
        if (address !== undefined && /[\r\n]/.test(address)) throw new Error("smtp: invalid address");
      }
      opened = await transport();
      await opened.sendMail({
        // nodemailer encodes the display name itself: "Name <address>".
        from: message.fromName?.trim() ? { name: message.fromName.trim(), address: options.from } : options.from,
        to: message.to,
        replyTo: message.replyTo,
        subject: message.subject,
        text: message.text,
      });
    },
    close() {
      opened?.close();
    },
  };
}
