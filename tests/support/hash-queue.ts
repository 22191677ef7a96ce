import { hashPassword } from "../../server/auth/password";
import { hashQueueState } from "../../server/auth/password-hasher";

/**
 * Runs `work` while the password hash queue is full (49 waiting; a sign-in is refused from 48), then
 * waits for the filler hashes. The queue is topped up until `work` has its answer, however long a
 * sign-in takes to reach the hash thread on a busy machine: the thread takes its next hash only from
 * this event loop, so at most one leaves the queue between two top-ups.
 */
export async function whileHashQueueFull<T>(work: () => Promise<T>): Promise<T> {
  const fillers: Promise<unknown>[] = [];
  const topUp = () => {
    while (hashQueueState().waiting < 49) fillers.push(hashPassword("filler", { N: 2 ** 14, r: 8, p: 1 }));
  };
  topUp();
  const keepFull = setInterval(topUp, 5);
  try {
    return await work();
  } finally {
    clearInterval(keepFull);
    await Promise.all(fillers);
  }
}
