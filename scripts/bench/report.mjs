// Plain-text tables for the console (and for pasting into the README).

const kb = (bytes) => (bytes == null ? "–" : `${(bytes / 1024).toFixed(1)} KB`);
const ms = (value) => (value == null || Number.isNaN(value) ? "–" : `${Math.round(value)} ms`);
const dash = (value) => (value == null ? "–" : String(value));

/** Markdown-style table: readable in a terminal and valid in the README. */
export function table(headers, rows) {
  const cells = rows.map((row) => row.map(dash));
  const widths = headers.map((h, i) => Math.max(h.length, ...cells.map((row) => row[i].length)));
  const line = (row) => `| ${row.map((cell, i) => cell.padEnd(widths[i])).join(" | ")} |`;
  return [line(headers), `| ${widths.map((w) => "-".repeat(w)).join(" | ")} |`, ...cells.map(line)].join("\n");
}

export function sizeTable(size) {
  const { login, index, heaviest } = size.pages;
  const rows = [
    ["/login", login, size.checks.loginJs],
    ["/index (signed in)", index, null],
    [`heaviest: ${heaviest.url}`, heaviest, size.checks.heaviestJs],
  ].map(([label, page, check]) => [
    label,
    kb(page.jsGz),
    kb(page.cssGz),
    kb(page.htmlGz),
    String(page.jsFiles + page.cssFiles),
    check ? `${check.pass ? "pass" : "FAIL"} (≤ ${kb(check.budgetGz)})` : "–",
  ]);
  const worst = size.manifestRoutes[0];
  const over = size.manifestRoutes.filter((r) => r.jsGz > size.budgets.heaviestJsGz);
  const note = worst
    ? `\nEvery page route by manifest (${size.manifestRoutes.length}, JS with the larger language's text chunk; none for pages that ship no script): heaviest ${worst.routeId} ${kb(worst.jsGz)} gz; ` +
      `${over.length ? `${over.length} over ${kb(size.budgets.heaviestJsGz)}: ${over.map((r) => `${r.routeId.replace(/^routes\//, "")} ${kb(r.jsGz)}`).join(", ")}` : `all within ${kb(size.budgets.heaviestJsGz)}`}`
    : "";
  return table(["page", "JS gz", "CSS gz", "HTML gz", "files", "JS budget"], rows) + note;
}

export function loadTable(rows) {
  // A page that answers a redirect measures the redirect, not the page: say so under the table.
  const redirected = rows.filter((r) => r.status !== 200 && !r.floor);
  const warning = redirected.length ? `\nNot measured (not 200): ${redirected.map((r) => `${r.path} ${r.status}`).join(", ")}` : "";
  return (
    table(
      ["GET", "status", "req/s", "p50", "p99", "p99 connected", "× floor", "CPU/req", "1 request p50", "SQL", "non-2xx", "errors"],
      rows.map((r) => [
        (r.label ?? r.path) + (r.floor ? " (floor)" : ""),
        String(r.status),
        r.requestsPerSec.toFixed(0),
        ms(r.latencyMs.p50),
        ms(r.latencyMs.p99),
        ms(r.latencyOnOpenConnectionsMs?.p99),
        r.ratioToFloor == null ? "–" : r.ratioToFloor.toFixed(2),
        r.serverCpuMsPerRequest == null ? "–" : `${r.serverCpuMsPerRequest.toFixed(1)} ms`,
        r.idleP50Ms == null ? "–" : `${r.idleP50Ms.toFixed(1)} ms`,
        r.sqlStatements == null ? "–" : String(r.sqlStatements),
        String(r.non2xx),
        String(r.errors + r.timeouts),
      ]),
    ) + warning
  );
}

/** Every area's heaviest page, one request at a time, from the sweep over every page each side sees. */
export function areaPagesTable(sweep) {
  if (!sweep || sweep.error) return `Area pages: ${sweep?.error ?? "not measured"}`;
  const sides = [...new Set(sweep.pages.map((p) => p.side))];
  const counts = sides.map((side) => `${side} ${sweep.pages.filter((p) => p.side === side).length}`).join(", ");
  return (
    `Every area page, one request at a time (${sweep.pages.length} pages: ${counts}); the heaviest of each area by CPU per request\n\n` +
    table(
      ["area", "heaviest page", "side", "CPU/req", "p50", "SQL", "pages"],
      sweep.heaviest.map((h) =>
        h.missing
          ? [h.area, "no page found", "", "", "", "", "0"]
          : [
              h.area,
              h.path,
              h.side,
              `${h.cpuMsPerRequest.toFixed(1)} ms`,
              `${h.p50Ms.toFixed(1)} ms`,
              h.sqlStatements == null ? "–" : String(h.sqlStatements),
              String(h.pagesMeasured),
            ],
      ),
    )
  );
}

/** Issue 51: time to interactive under 3.5 s on every page but /login (which ships no script), mobile profile. Reported, not enforced. */
export const TTI_GOAL_MS = 3500;
const seconds = (value) => (value == null ? "–" : (value / 1000).toFixed(1));

export function lighthouseTable(result) {
  if (!result || result.skipped) return `Lighthouse skipped: ${result?.skipped ?? "not run"}`;
  const withTti = result.pages.filter((p) => !p.error && p.ttiMedianMs != null && p.url !== "/login");
  const over = withTti.filter((p) => p.ttiMedianMs > TTI_GOAL_MS);
  const goal = withTti.length
    ? `\nTTI (median of the runs) ≤ ${seconds(TTI_GOAL_MS)} s: ${over.length ? `FAIL on ${over.length} of ${withTti.length} (${over.map((p) => p.name).join(", ")})` : `pass on all ${withTti.length}`} signed-in pages`
    : "";
  const rows = table(
    ["page", "perf", "perf, each run", "a11y", "best pr.", "FCP", "LCP", "TBT", "TTI", "TTI each run (s)", "CLS"],
    result.pages.map((p) =>
      p.error
        ? [p.url, `error: ${p.error}`, "", "", "", "", "", "", "", "", ""]
        : [
            // Lighthouse follows redirects: a page that ended elsewhere was not audited.
            new URL(p.finalUrl, "http://x").pathname === new URL(p.url, "http://x").pathname ? p.url : `${p.url} → ${p.finalUrl} (redirected)`,
            p.performance,
            // The row is the run with the median score (lighthouse.mjs).
            (p.performanceRuns ?? [p.performance]).join(", "),
            p.accessibility,
            p.bestPractices,
            ms(p.fcpMs),
            ms(p.lcpMs),
            ms(p.tbtMs),
            // The median of the runs' TTI, which need not be the median-score run's.
            ms(p.ttiMedianMs ?? p.ttiMs),
            (p.ttiRunsMs ?? [p.ttiMs]).map(seconds).join(", "),
            p.cls?.toFixed(3),
          ],
    ),
  );
  return rows + goal;
}

export function printReport(results, out = console.log) {
  out(`\n## Size (first load, gzip -9)  build ${results.build.version}\n`);
  if (!results.size) out("not measured (BENCH_ONLY)");
  else out(results.size.error ? `size failed: ${results.size.error}` : sizeTable(results.size));
  for (const target of results.targets) {
    out(`\n## ${target.label}`);
    if (target.skipped) {
      out(`skipped: ${target.skipped}`);
      continue;
    }
    if (target.error) out(`error: ${target.error}`);
    const { before, after } = target.loadAverage1m;
    const loadAverage = `load average (1 min) ${before} before, ${after} after on ${results.machine.cpus} CPUs`;
    if (target.load) {
      const others = Math.max(...target.load.map((r) => r.otherProcessesCpuPct ?? 0));
      const busy = others > 10 ? ` – other processes took up to ${others}% of the CPU: numbers are noisy` : "";
      out(`\nSSR load: ${results.settings.connections} connections × ${results.settings.durationSec} s per page, boot ${(target.bootMs / 1000).toFixed(1)} s`);
      out(`${loadAverage}${busy}\n`);
      out(loadTable(target.load));
    } else {
      out(`\n${loadAverage}`);
    }
    if (target.areaPages) out(`\n${areaPagesTable(target.areaPages)}`);
    if (target.lighthouse) out(`\nLighthouse (mobile)\n\n${lighthouseTable(target.lighthouse)}`);
    if (target.memory) out(`\n${memoryLine(target.memory)}`);
  }
  out("");
}

export function memoryLine(memory) {
  if (memory.skipped || memory.error) return `Memory: ${memory.skipped ?? memory.error}`;
  const runs = memory.runs.map((r) => `${r.rssMb} MB after run ${r.run} (${r.requests} requests, ${r.errors} errors)`).join(", ");
  return `Memory (${memory.users} users × ${memory.durationSec} s, one server process, RSS): ${runs}; limit ${memory.limitMb} MB`;
}
