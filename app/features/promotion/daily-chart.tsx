import type { AudienceChart } from "~/contracts/promotion/visitors/api-types";
import { useTranslation } from "~/i18n/texts";
import "~/contracts/promotion/texts";

const WIDTH = 640;
const HEIGHT = 220;
const PAD = { left: 32, right: 8, top: 12, bottom: 28 };
const REGISTRATIONS = "#1c7ed6";
const VIEWS = "#adb5bd";

/**
 * Registrations (bars) and views (a line) per exhibition day, as plain SVG rendered on the server:
 * readable without JavaScript and scaled to the screen width. A summary line says the same in words.
 */
export function DailyChart({ chart }: { chart: AudienceChart }) {
  const { t } = useTranslation();
  const days = chart.days;
  const max = Math.max(1, ...days.map((d) => Math.max(d.registrations, d.views)));
  const plotW = WIDTH - PAD.left - PAD.right;
  const plotH = HEIGHT - PAD.top - PAD.bottom;
  const step = plotW / Math.max(1, days.length);
  const y = (value: number) => PAD.top + plotH - (value / max) * plotH;
  const x = (index: number) => PAD.left + index * step + step / 2;
  const viewsPath = days.map((d, i) => `${i ? "L" : "M"}${x(i).toFixed(1)},${y(d.views).toFixed(1)}`).join(" ");
  const summary = t("promotion.reports.chartSummary", { days: days.length, registrations: chart.totals.registrations, views: chart.totals.views });
  // Every other label when the days are many, so they do not overlap on a phone.
  const labelEvery = days.length > 16 ? Math.ceil(days.length / 8) : days.length > 8 ? 2 : 1;
  return (
    <figure style={{ margin: 0 }} data-testid="audience-chart">
      <svg viewBox={`0 0 ${WIDTH} ${HEIGHT}`} width="100%" role="img" aria-label={summary} style={{ maxWidth: WIDTH, display: "block" }}>
        <line x1={PAD.left} x2={WIDTH - PAD.right} y1={PAD.top + plotH} y2={PAD.top + plotH} stroke="#868e96" />
        <text x={PAD.left - 4} y={PAD.top + 4} fontSize="11" textAnchor="end" fill="#495057">
          {max}
        </text>
        <text x={PAD.left - 4} y={PAD.top + plotH} fontSize="11" textAnchor="end" fill="#495057">
          0
        </text>
        {days.map((d, i) => (
          <g key={d.day}>
            <rect x={x(i) - step * 0.3} width={step * 0.6} y={y(d.registrations)} height={PAD.top + plotH - y(d.registrations)} fill={REGISTRATIONS}>
              <title>{`${d.day}: ${d.registrations} / ${d.views}`}</title>
            </rect>
            {i % labelEvery === 0 ? (
              <text x={x(i)} y={HEIGHT - 10} fontSize="10" textAnchor="middle" fill="#495057">
                {d.day.slice(5)}
              </text>
            ) : null}
          </g>
        ))}
        {days.length > 1 ? <path d={viewsPath} fill="none" stroke={VIEWS} strokeWidth="2" /> : null}
      </svg>
      <figcaption style={{ fontSize: 13 }}>
        <span style={{ color: REGISTRATIONS }}>■</span> {t("promotion.reports.registrationsLegend")} <span style={{ color: VIEWS }}>━</span>{" "}
        {t("promotion.reports.viewsLegend")} · {summary}
      </figcaption>
    </figure>
  );
}
