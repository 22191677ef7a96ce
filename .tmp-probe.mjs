import autocannon from "autocannon"; import fs from "node:fs"; import { execSync } from "node:child_process";
const cpu = (pid) => { const f = fs.readFileSync(`/proc/${pid}/stat`, "utf8").split(") ")[1].split(" "); return (Number(f[11]) + Number(f[12])) * 10; };
async function probe(port, path, conns = 10, secs = 8) {
  const base = `http://127.0.0.1:${port}`;
  const pid = execSync(`lsof -ti tcp:${port} -sTCP:LISTEN`).toString().trim().split("\n")[0];
  const r = await fetch(base + "/login", { method: "POST", body: new URLSearchParams({ username: "std01", password: "Expo#2026" }), redirect: "manual" });
  const cookie = r.headers.getSetCookie().map((c) => c.split(";")[0]).join("; ");
  for (let i = 0; i < 20; i++) await (await fetch(base + path, { headers: { cookie } })).text();
  const times = [];
  for (let i = 0; i < 60; i++) { const t = performance.now(); const res = await fetch(base + path, { headers: { cookie } }); await res.text(); times.push(performance.now() - t); }
  times.sort((a, b) => a - b);
  const c0 = cpu(pid);
  const res = await new Promise((ok, ko) => autocannon({ url: base + path, connections: conns, duration: secs, headers: { cookie, "accept-encoding": process.env.ENC ?? "gzip, deflate, br" } }, (e, x) => (e ? ko(e) : ok(x))));
  const c1 = cpu(pid);
  return { port, path, p50single: times[30].toFixed(1), rps: res.requests.average, cpuPerReq: ((c1 - c0) / res.requests.total).toFixed(1), non2xx: res.non2xx };
}
const ports = process.argv[2].split(",").map(Number);
for (const path of process.argv.slice(3)) for (let round = 0; round < (+process.env.ROUNDS || 2); round++) for (const p of ports) console.log(JSON.stringify(await probe(p, path)));
