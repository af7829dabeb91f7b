/**
 * A chart of 'Relatórios › Vendas' drawn by Chart.js (decision 0056): bars, optionally with a line (the previous
 * period), pt-BR axes and R$ ticks. The canvas is an image with a label; the same figures are in the chart's
 * table (ChartTable), which screen readers read and anyone can show.
 */
import {
  BarController,
  BarElement,
  CategoryScale,
  Chart as ChartJs,
  Legend,
  LinearScale,
  LineController,
  LineElement,
  PointElement,
  Tooltip,
  type ChartData,
  type ChartOptions,
} from 'chart.js';
import { Chart } from 'react-chartjs-2';
import { axisMoney, decimal } from './report-model';

ChartJs.register(
  BarController,
  BarElement,
  LineController,
  LineElement,
  PointElement,
  CategoryScale,
  LinearScale,
  Tooltip,
  Legend,
);

export type Series = { label: string; values: number[]; kind: 'bar' | 'line'; color: string; stack?: string };

const brl = new Intl.NumberFormat('pt-BR', { style: 'currency', currency: 'BRL' });

export function SalesChart({
  labels,
  series,
  money,
  horizontal = false,
  description,
}: {
  labels: string[];
  series: Series[];
  /** Values are reais (R$ ticks and tooltips); else counts. */
  money: boolean;
  horizontal?: boolean;
  description: string;
}) {
  const data: ChartData<'bar' | 'line', number[], string> = {
    labels,
    datasets: series.map((s) => ({
      type: s.kind,
      label: s.label,
      data: s.values,
      backgroundColor: s.color,
      borderColor: s.color,
      borderWidth: s.kind === 'line' ? 2 : 0,
      pointRadius: s.kind === 'line' ? 2 : 0,
      ...(s.stack ? { stack: s.stack } : {}),
    })),
  };
  const value = horizontal ? 'x' : 'y';
  const stacked = series.some((s) => s.stack);
  const options: ChartOptions<'bar' | 'line'> = {
    responsive: true,
    maintainAspectRatio: false,
    animation: false,
    indexAxis: horizontal ? 'y' : 'x',
    locale: 'pt-BR',
    plugins: {
      legend: { display: series.length > 1, position: 'bottom' },
      tooltip: {
        callbacks: {
          label: (item) =>
            `${item.dataset.label}: ${money ? brl.format(item.parsed[value] ?? 0) : decimal(item.parsed[value] ?? 0)}`,
        },
      },
    },
    scales: {
      [value]: {
        beginAtZero: true,
        stacked,
        ticks: {
          callback: (tick) => (money ? axisMoney(Number(tick)) : decimal(Number(tick))),
          maxTicksLimit: 6,
        },
      },
      [horizontal ? 'y' : 'x']: { stacked, ticks: { autoSkip: true, maxRotation: 0 } },
    },
  };
  return (
    <div
      className="reports-chart"
      style={{ height: horizontal ? `${Math.max(140, labels.length * 44 + 60)}px` : undefined }}
    >
      <Chart type="bar" data={data} options={options} role="img" aria-label={description} />
    </div>
  );
}
