import { type EntryPerPeriod, REPORT_TEXTS } from '@mandato/domain';
import { theme } from 'antd';
import { monthLabel } from './reportDates.ts';

const HEIGHT = 220;
const TOP = 22;
const BOTTOM = 28;
const SLOT = 56;

const number = new Intl.NumberFormat('pt-BR');

/**
 * 'Total de Cadastros no Mês' as an SVG bar chart written here: a dozen bars need no chart library
 * (a general one costs 40–150 kB gzip); it loads with the reports route only. The figures are also
 * in a table for screen readers.
 */
export function GrowthChart({ data, label }: { data: EntryPerPeriod[]; label: string }) {
  const { token } = theme.useToken();
  const max = Math.max(1, ...data.map((d) => d.total));
  const width = Math.max(data.length * SLOT, 1);
  const plot = HEIGHT - TOP - BOTTOM;
  return (
    <figure className="growth-chart" style={{ margin: 0 }}>
      {/* a narrow screen scrolls the months sideways: the region takes the keyboard focus */}
      {/* biome-ignore lint/a11y/noNoninteractiveTabindex: a scrollable region must be focusable (WCAG 2.1.1) */}
      <section className="growth-chart-scroll" tabIndex={0} aria-label={label}>
        <svg
          role="img"
          aria-label={label}
          viewBox={`0 0 ${width} ${HEIGHT}`}
          width={width}
          height={HEIGHT}
          style={{ display: 'block', minWidth: '100%' }}
          preserveAspectRatio="xMinYMid meet"
        >
          <title>{label}</title>
          <line
            x1={0}
            x2={width}
            y1={HEIGHT - BOTTOM}
            y2={HEIGHT - BOTTOM}
            stroke={token.colorBorder}
            strokeWidth={1}
          />
          {data.map((d, i) => {
            const h = Math.round((d.total / max) * plot);
            const x = i * SLOT + 10;
            const y = HEIGHT - BOTTOM - h;
            return (
              <g key={d.date} data-testid="growth-bar" data-total={d.total}>
                <rect x={x} y={y} width={SLOT - 20} height={h} rx={3} fill={token.colorPrimary} />
                <text
                  x={x + (SLOT - 20) / 2}
                  y={y - 6}
                  textAnchor="middle"
                  fontSize={12}
                  fill={token.colorText}
                >
                  {number.format(d.total)}
                </text>
                <text
                  x={x + (SLOT - 20) / 2}
                  y={HEIGHT - 8}
                  textAnchor="middle"
                  fontSize={12}
                  fill={token.colorTextSecondary}
                >
                  {monthLabel(d.date)}
                </text>
              </g>
            );
          })}
        </svg>
      </section>
      <figcaption className="growth-chart-legend">
        <span className="growth-chart-swatch" style={{ background: token.colorPrimary }} aria-hidden />
        {REPORT_TEXTS.growthSeries}
      </figcaption>
      <table className="visually-hidden">
        <caption>{label}</caption>
        <thead>
          <tr>
            <th scope="col">Mês</th>
            <th scope="col">{REPORT_TEXTS.growthSeries}</th>
          </tr>
        </thead>
        <tbody>
          {data.map((d) => (
            <tr key={d.date}>
              <td>{monthLabel(d.date)}</td>
              <td>{d.total}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </figure>
  );
}
