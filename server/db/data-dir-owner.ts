import fs from "node:fs";
import net from "node:net";
import path from "node:path";

/**
 * One owner per embedded data directory (docs/decisions/027). The owner listens on a Unix socket,
 * `DATA_DIR/owner.sock`, readable by the machine's user only: binding it is the lock (a second bind
 * fails while the file exists), and the socket is also the channel through which other processes
 * ask the owner who it is or run an ops command in it. A socket file nobody listens on was left by a
 * killed owner; the next claimer removes it under a short takeover mutex and binds afresh.
 */

/** The exit status of a process refused because another holds the directory (EX_TEMPFAIL: try again once it is gone). */
export const EXIT_DATA_DIR_HELD = 75;

export type HolderRole = "server" | "cli" | "script";

/** What the holder says of itself; shown to whoever is refused. */
export type Holder = {
  pid: number;
  role: HolderRole;
  /** A CLI's or script's command. */
  command?: string;
  /** A server's HTTP port, once it listens. */
  port?: number;
  since: string;
};

export type OwnerRequest = { type: "who" } | { type: "run"; command: string; args: string[] };

export type OwnerReply =
  | { type: "who"; holder: Holder }
  | { type: "done"; output: string; holder: Holder }
  | { type: "failed"; error: string; holder: Holder }
  /** The owner is stopping: claim the directory again. */
  | { type: "closing" }
  /** The owner does not run commands (a script): wait for it or stop it. */
  | { type: "not-serving"; holder: Holder }
  /** Nobody listens: the directory is free (or was, a moment ago). */
  | { type: "no-owner" };

/** Runs one ops command in the owner; its answer is the command's output, a throw its failure. */
export type CommandHandler = (command: string, args: string[]) => Promise<string>;

export class DataDirHeldError extends Error {
  constructor(
    readonly dataDir: string,
    readonly holder: Holder | undefined,
  ) {
    super(describeHeld(dataDir, holder));
    this.name = "DataDirHeldError";
  }
}

function describeHeld(dataDir: string, holder: Holder | undefined) {
  const where = `The embedded database in ${dataDir}`;
  const shared = "or set DATABASE_URL to share a PostgreSQL database between processes.";
  if (!holder) return `${where} is in use by another process that did not say which (${socketPathOf(dataDir)} answers). Stop it first, ${shared}`;
  const since = `since ${holder.since}`;
  if (holder.role === "server") {
    const port = holder.port ? `, port ${holder.port}` : ", still starting";
    return `${where} is in use by the portal server (PID ${holder.pid}${port}, ${since}). Stop that server first (SIGTERM to PID ${holder.pid}), ${shared}`;
  }
  const what = holder.role === "cli" ? `"cli.js ${holder.command ?? ""}"` : `a script (${holder.command ?? "unnamed"})`;
  return `${where} is in use by ${what} (PID ${holder.pid}, ${since}). Wait until it finishes or stop it, ${shared}`;
}

export function socketPathOf(dataDir: string) {
  return path.join(dataDir, "owner.sock");
}

// Unix socket addresses are at most 108 bytes on Linux (104 on macOS), the terminating zero included.
const SOCKET_PATH_LIMIT = 103;

/**
 * Makes this process the owner of `dataDir`, or throws DataDirHeldError naming the live holder.
 * Never waits for a live holder; a dead one's socket is taken over at once.
 */
export async function claimDataDir(dataDir: string, who: { role: HolderRole; command?: string }): Promise<DataDirOwner> {
  fs.mkdirSync(dataDir, { recursive: true });
  const socketPath = socketPathOf(dataDir);
  if (Buffer.byteLength(socketPath) > SOCKET_PATH_LIMIT) {
    throw new Error(`DATA_DIR is too long for its owner socket (${socketPath} is over ${SOCKET_PATH_LIMIT} bytes); use a shorter DATA_DIR`);
  }
  const holder: Holder = { pid: process.pid, ...who, since: new Date().toISOString() };
  // A few rounds cover the races: another claimer binding between our probe and our bind.
  for (let round = 0; round < 50; round++) {
    const server = await bindExclusive(socketPath);
    if (server) return new DataDirOwner(server, socketPath, holder);
    if ((await probe(socketPath)) === "alive") {
      const reply = await askOwner(dataDir, { type: "who" }, { timeoutMs: 5000 }).catch(() => null);
      if (reply?.type === "no-owner") continue; // it stopped just now
      throw new DataDirHeldError(dataDir, reply?.type === "who" ? reply.holder : undefined);
    }
    await removeStaleSocket(dataDir, socketPath);
  }
  throw new Error(`Could not claim ${dataDir}: its owner socket kept changing hands`);
}

/** Listens on `socketPath`, or resolves null when the file already exists (held, or left by a dead owner). */
function bindExclusive(socketPath: string): Promise<net.Server | null> {
  return new Promise((resolve, reject) => {
    const server = net.createServer();
    server.once("error", (error: NodeJS.ErrnoException) => (error.code === "EADDRINUSE" ? resolve(null) : reject(error)));
    // The socket file is created by bind(), which listen() does before it returns: only this user may
    // connect. (A worker thread may not change the umask; the chmod in DataDirOwner still follows.)
    const previousMask = umask(0o077);
    try {
      server.listen(socketPath, () => {
        server.removeAllListeners("error");
        resolve(server);
      });
    } finally {
      if (previousMask !== null) umask(previousMask);
    }
  });
}

function umask(mask: number): number | null {
  try {
    return process.umask(mask);
  } catch {
    return null;
  }
}

/** "alive" when something accepts connections on the socket; "gone" when nothing listens there. */
function probe(socketPath: string): Promise<"alive" | "gone"> {
  return new Promise((resolve) => {
    const socket = net.connect(socketPath);
    const timer = setTimeout(() => {
      socket.destroy();
      resolve("alive");
    }, 2000);
    socket.once("connect", () => {
      clearTimeout(timer);
      socket.destroy();
      resolve("alive");
    });
    socket.once("error", (error: NodeJS.ErrnoException) => {
      clearTimeout(timer);
      // EACCES: another user's owner. Anything but "nobody there" counts as a live holder.
      resolve(error.code === "ECONNREFUSED" || error.code === "ENOENT" ? "gone" : "alive");
    });
  });
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/**
 * Removes a socket file nobody listens on. Two claimers that both found it dead must not both remove
 * it (the second would delete the first one's fresh socket), so this runs under a mutex directory,
 * and the socket is probed again inside it. A mutex older than 10 s was left by a killed claimer.
 */
async function removeStaleSocket(dataDir: string, socketPath: string) {
  const mutex = path.join(dataDir, "owner.takeover");
  try {
    fs.mkdirSync(mutex);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== "EEXIST") throw error;
    const age = Date.now() - (fs.statSync(mutex, { throwIfNoEntry: false })?.mtimeMs ?? Date.now());
    if (age > 10_000) fs.rmSync(mutex, { recursive: true, force: true });
    await sleep(20 + Math.random() * 30);
    return;
  }
  try {
    if ((await probe(socketPath)) === "gone") fs.rmSync(socketPath, { force: true });
  } finally {
    fs.rmSync(mutex, { recursive: true, force: true });
  }
}

/** The owning side: answers "who", runs commands once a handler is set, and lets go in order. */
export class DataDirOwner {
  private handler: CommandHandler | null = null;
  private handlerSet!: () => void;
  private readonly handlerReady = new Promise<void>((resolve) => (this.handlerSet = resolve));
  private stopping = false;
  private readonly running = new Set<Promise<unknown>>();
  private readonly connections = new Set<net.Socket>();

  constructor(
    private readonly server: net.Server,
    readonly socketPath: string,
    readonly holder: Holder,
  ) {
    fs.chmodSync(socketPath, 0o600);
    server.on("connection", (socket) => this.accept(socket));
  }

  /** A server names its port once it listens, so that a refused second start can say it. */
  setPort(port: number) {
    this.holder.port = port;
  }

  /** Commands sent before this wait for it (the owner is still migrating or seeding). */
  serveCommands(handler: CommandHandler) {
    this.handler = handler;
    this.handlerSet();
  }

  /** New commands are told to claim again; the ones running finish. Call before closing the database. */
  async stopServing() {
    this.stopping = true;
    this.handlerSet();
    await Promise.allSettled([...this.running]);
  }

  /** Lets the directory go: closing the server removes the socket file. Call after closing the database. */
  async release() {
    this.stopping = true;
    this.handlerSet();
    for (const socket of this.connections) socket.destroy();
    await new Promise<void>((resolve) => this.server.close(() => resolve()));
  }

  private accept(socket: net.Socket) {
    this.connections.add(socket);
    socket.once("close", () => this.connections.delete(socket));
    socket.on("error", () => socket.destroy());
    readLine(socket, 64 * 1024)
      .then((line) => this.answer(JSON.parse(line) as OwnerRequest))
      .then((reply) => socket.end(`${JSON.stringify(reply)}\n`))
      .catch(() => socket.destroy());
  }

  private async answer(request: OwnerRequest): Promise<OwnerReply> {
    const holder = { ...this.holder };
    if (request.type === "who") return { type: "who", holder };
    if (request.type !== "run" || typeof request.command !== "string" || !Array.isArray(request.args)) throw new Error("not a request");
    if (this.holder.role === "script") return { type: "not-serving", holder };
    await this.handlerReady;
    if (this.stopping || !this.handler) return { type: "closing" };
    const run = this.handler(request.command, request.args.map(String));
    this.running.add(run);
    try {
      return { type: "done", output: await run, holder };
    } catch (error) {
      return { type: "failed", error: error instanceof Error ? error.message : String(error), holder };
    } finally {
      this.running.delete(run);
    }
  }
}

function readLine(socket: net.Socket, limit: number): Promise<string> {
  return new Promise((resolve, reject) => {
    let buffered = "";
    socket.setEncoding("utf8");
    socket.on("data", (chunk: string) => {
      buffered += chunk;
      const end = buffered.indexOf("\n");
      if (end >= 0) resolve(buffered.slice(0, end));
      else if (buffered.length > limit) reject(new Error("line too long"));
    });
    socket.once("end", () => reject(new Error("closed before a whole line")));
    socket.once("error", reject);
  });
}

/**
 * Sends one request to the owner of `dataDir` and waits for its answer ("no-owner" when nothing
 * listens). A command may run for minutes (a seed), so there is no timeout unless one is given.
 * Rejects when the owner hangs up without answering: a command may then have run or not.
 */
export function askOwner(dataDir: string, request: OwnerRequest, options: { timeoutMs?: number } = {}): Promise<OwnerReply> {
  return new Promise((resolve, reject) => {
    const socket = net.connect(socketPathOf(dataDir));
    const timer = options.timeoutMs
      ? setTimeout(() => {
          socket.destroy();
          reject(new Error("the owner did not answer in time"));
        }, options.timeoutMs)
      : null;
    let connected = false;
    socket.once("connect", () => {
      connected = true;
      socket.write(`${JSON.stringify(request)}\n`);
    });
    socket.once("error", (error: NodeJS.ErrnoException) => {
      if (timer) clearTimeout(timer);
      if (!connected && (error.code === "ECONNREFUSED" || error.code === "ENOENT")) resolve({ type: "no-owner" });
      else reject(error);
    });
    readLine(socket, 16 * 1024 * 1024).then(
      (line) => {
        if (timer) clearTimeout(timer);
        socket.destroy();
        resolve(JSON.parse(line) as OwnerReply);
      },
      (error) => {
        if (timer) clearTimeout(timer);
        if (connected) reject(new Error(`the owner hung up without an answer (${error instanceof Error ? error.message : error})`));
      },
    );
  });
}
