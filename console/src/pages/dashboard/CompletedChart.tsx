// "Total orders completed last 7 days" bar chart. Its own module so nivo is loaded only with it.
import { makeStyles, tokens } from '@fluentui/react-components';
import { ResponsiveBar } from '@nivo/bar';
import { useTranslation } from 'react-i18next';
import { chartColors } from '../../theme';
import { formatDayMonth, formatDate } from '../../util/format';

export interface CompletedDay {
  /** YYYY-MM-DD */
  date: string;
  total: number;
}

const useStyles = makeStyles({
  tooltip: {
    padding: `${tokens.spacingVerticalXS} ${tokens.spacingHorizontalS}`,
    borderRadius: tokens.borderRadiusMedium,
    backgroundColor: tokens.colorNeutralBackground1,
    color: tokens.colorNeutralForeground1,
    boxShadow: tokens.shadow8,
    whiteSpace: 'nowrap',
  },
});

export default function CompletedChart({ data }: { data: CompletedDay[] }) {
  const { t } = useTranslation();
  const styles = useStyles();
  const rows = data.map((day) => ({ date: day.date, total: Number(day.total) || 0 }));
  return (
    <ResponsiveBar
      data={rows}
      keys={['total']}
      indexBy="date"
      margin={{ top: 16, right: 16, bottom: 40, left: 48 }}
      padding={0.35}
      colors={[chartColors.bar]}
      borderRadius={3}
      enableLabel
      labelTextColor={chartColors.barLabel}
      labelSkipHeight={14}
      axisBottom={{ tickSize: 0, tickPadding: 8, format: (value: string) => formatDayMonth(value) }}
      axisLeft={{
        tickSize: 0,
        tickPadding: 8,
        tickValues: 5,
        format: (value: number) => (Number.isInteger(value) ? String(value) : ''),
      }}
      gridYValues={5}
      theme={{
        text: { fill: chartColors.text, fontSize: 12 },
        grid: { line: { stroke: chartColors.grid } },
      }}
      tooltip={({ indexValue, value }) => (
        <span className={styles.tooltip}>
          {t('dashboard.chart.tooltip', { date: formatDate(String(indexValue)), value: Number(value) })}
        </span>
      )}
      role="img"
      ariaLabel={t('dashboard.chart.title')}
      barAriaLabel={(bar) =>
        t('dashboard.chart.tooltip', { date: formatDate(String(bar.indexValue)), value: Number(bar.value) })
      }
    />
  );
}
