import { onTestFinished } from "vitest";

/**
 * Polls `check` until it answers something truthy, and returns that. It has no time limit of its own
 * (issue 54): the test's timeout is the only one, since a budget here fails a busy machine, not a
 * wrong portal. A test that ends (its timeout included) stops the polling.
 */
export async function until<T>(check: () => T | Promise<T>, everyMs = 20): Promise<Exclude<T, false | null | undefined | 0 | "">> {
  let over = false;
  try {
    onTestFinished(() => {
      over = true;
    });
  } catch {
    // Outside a test (a hook): the hook's timeout ends it.
  }
  for (;;) {
    const value = await check();
    if (value) return value as Exclude<T, false | null | undefined | 0 | "">;
    if (over) throw new Error("the test ended while waiting");
    await new Promise((resolve) => setTimeout(resolve, everyMs));
  }
}
