import type { AddressInfo } from "node:net";
import { SMTPServer } from "smtp-server";

export type ReceivedMail = { from: string | undefined; to: string[]; user: string | undefined; data: string };

/**
 * A local SMTP server that keeps what it receives (no TLS), for SMTP_URL=smtp://127.0.0.1:<port>. No
 * login, unless `login` is given: then plain-text AUTH (on loopback only: there is no certificate for
 * STARTTLS) takes that user and password, refuses any other, and a mail notes who sent it (`user`).
 */
export async function startSmtpFake(options: { login?: { username: string; password: string } } = {}) {
  const received: ReceivedMail[] = [];
  const { login } = options;
  const server = new SMTPServer({
    secure: false,
    disabledCommands: login ? ["STARTTLS"] : ["STARTTLS", "AUTH"],
    ...(login
      ? {
          allowInsecureAuth: true,
          authOptional: true,
          onAuth(auth, _session, callback) {
            if (auth.username === login.username && auth.password === login.password) callback(null, { user: auth.username });
            else callback(new Error("Invalid username or password"));
          },
        }
      : {}),
    logger: false,
    onData(stream, session, callback) {
      const chunks: Buffer[] = [];
      stream.on("data", (chunk: Buffer) => chunks.push(chunk));
      stream.on("end", () => {
        received.push({
          from: session.envelope.mailFrom ? session.envelope.mailFrom.address : undefined,
          to: session.envelope.rcptTo.map((r) => r.address),
          user: session.user as string | undefined,
          data: Buffer.concat(chunks).toString("utf8"),
        });
        callback();
      });
    },
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const port = (server.server.address() as AddressInfo).port;
  return { received, port, url: `smtp://127.0.0.1:${port}`, close: () => new Promise<void>((resolve) => server.close(() => resolve())) };
}
