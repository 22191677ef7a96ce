/**
 * A value made on its first use and shared afterwards. The heavy packages (SDKs, image and font
 * engines, nodemailer) are imported through it where they are used: a process that never sends a
 * mail or renders a poster (the CLI, most requests, each test file's server) does not pay their
 * load, a quarter of a CLI run's CPU (issue 54, decision 066). A failed attempt is not kept: the
 * next call tries again.
 */
export function loadOnce<T>(make: () => Promise<T>): () => Promise<T> {
  let value: Promise<T> | null = null;
  return () => {
    if (!value) {
      const attempt = make();
      value = attempt;
      attempt.catch(() => {
        if (value === attempt) value = null;
      });
    }
    return value;
  };
}
