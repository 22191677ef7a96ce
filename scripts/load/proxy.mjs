// A tiny round-robin reverse proxy on one loopback port in front of several portal processes,
// as a load balancer would be: it appends the caller's address to X-Forwarded-For, sets
// X-Forwarded-Proto/Host, keeps the Host header, and names the backend in X-Load-Backend.
import http from "node:http";

const HOP_BY_HOP = ["connection", "keep-alive", "proxy-connection", "transfer-encoding", "upgrade", "te", "trailer"];

export async function startProxy({ port, backends }) {
  const agent = new http.Agent({ keepAlive: true, maxSockets: 512 });
  let next = 0;
  const served = new Map(backends.map((b) => [b.name, 0]));
  const server = http.createServer((req, res) => {
    const backend = backends[next++ % backends.length];
    served.set(backend.name, served.get(backend.name) + 1);
    const headers = { ...req.headers };
    for (const name of HOP_BY_HOP) delete headers[name];
    const remote = req.socket.remoteAddress?.replace(/^::ffff:/, "") ?? "unknown";
    headers["x-forwarded-for"] = req.headers["x-forwarded-for"] ? `${req.headers["x-forwarded-for"]}, ${remote}` : remote;
    headers["x-forwarded-proto"] = "http";
    headers["x-forwarded-host"] = req.headers.host ?? "";
    const upstream = http.request({ host: "127.0.0.1", port: backend.port(), method: req.method, path: req.url, headers, agent }, (answer) => {
      const out = { ...answer.headers, "x-load-backend": backend.name };
      for (const name of HOP_BY_HOP) delete out[name];
      res.writeHead(answer.statusCode ?? 502, out);
      answer.pipe(res);
      answer.on("error", () => res.destroy());
    });
    upstream.on("error", () => {
      if (!res.headersSent) res.writeHead(502, { "content-type": "text/plain" }).end(`proxy: ${backend.name} unreachable`);
      else res.destroy();
    });
    req.pipe(upstream);
  });
  server.keepAliveTimeout = 65_000;
  await new Promise((resolve, reject) => {
    server.once("error", reject);
    server.listen(port, "127.0.0.1", resolve);
  });
  return {
    baseUrl: `http://127.0.0.1:${port}`,
    served,
    close: () =>
      new Promise((resolve) => {
        server.close(() => resolve());
        server.closeAllConnections();
        agent.destroy();
      }),
  };
}
