import { describe, expect, it } from 'vitest';
import { bucketLabel, changeText, reportQueryFromSearch } from './report-model';

describe('the sales report query and texts', () => {
  it('reads the URL, leaving out what the server would refuse', () => {
    expect(reportQueryFromSearch(new URLSearchParams(''), '2026-11-29')).toEqual({
      from: '2026-10-31',
      to: '2026-11-29',
      bucket: 'day',
    });
    expect(
      reportQueryFromSearch(
        new URLSearchParams('from=2026-01-01&to=2026-06-30&bucket=month&channel=whatsapp'),
        '2026-11-29',
      ),
    ).toEqual({ from: '2026-01-01', to: '2026-06-30', bucket: 'month', channel: 'whatsapp' });
    expect(
      reportQueryFromSearch(new URLSearchParams('from=ontem&bucket=hora&agent=x'), '2026-11-29'),
    ).toEqual({
      from: '2026-10-31',
      to: '2026-11-29',
      bucket: 'day',
    });
  });

  it('labels buckets and changes in pt-BR', () => {
    expect(bucketLabel('day', '2026-11-05', '2026-11-05')).toBe('05/11');
    expect(bucketLabel('week', '2026-11-02', '2026-11-08')).toBe('02/11–08/11');
    expect(bucketLabel('month', '2026-11-01', '2026-11-30')).toBe('nov/2026');
    expect(changeText(150, 100)).toBe('+50%');
    expect(changeText(90, 120)).toBe('−25%');
    expect(changeText(5, 0)).toBe('sem base de comparação');
  });
});
