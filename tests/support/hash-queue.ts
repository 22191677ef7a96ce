import { hashPassword } from "../../server/auth/password";
import { holdHashQueue, hashQueueState } from "../../server/auth/password-hasher";

/**
 * Runs `work` while the password hash queue is full (48 waiting refuse a sign-in), then lets the
 * filler hashes run and waits for them. The queue is held meanwhile, so it stays full however long
 * the request takes on a busy machine, and the fillers are cheap (scrypt N=16): on a machine whose
 * other processes leave the niced hash thread a sliver of a core, draining them still takes moments.
 */
export async function whileHashQueueFull<T>(work: () => Promise<T>): Promise<T> {
  const release = holdHashQueue();
  const fillers: Promise<unknown>[] = [];
  try {
    while (hashQueueState().waiting < 49) fillers.push(hashPassword("filler", { N: 16, r: 1, p: 1 }));
    return await work();
  } finally {
    release();
    await Promise.all(fillers);
  }
}
