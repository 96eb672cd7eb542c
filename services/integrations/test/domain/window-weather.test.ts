import { planWindowWeather, shiftToYear, typicalDays } from '../../src/domain/window-weather';

describe('planWindowWeather', () => {
  const today = '2026-11-23';

  it('when the window starts within 16 days, then the forecast for its days in range', () => {
    expect(planWindowWeather('2026-11-28', '2026-12-02', today)).toEqual({
      kind: 'forecast',
      from: '2026-11-28',
      to: '2026-12-02',
    });
  });

  it('when the window runs past the forecast range, then the forecast stops at its last day', () => {
    expect(planWindowWeather('2026-12-05', '2026-12-20', today)).toEqual({
      kind: 'forecast',
      from: '2026-12-05',
      to: '2026-12-08',
    });
  });

  it('when the window is under way, then the forecast starts today', () => {
    expect(planWindowWeather('2026-11-20', '2026-11-25', today)).toMatchObject({ from: '2026-11-23' });
  });

  it('when the window is months out, then typical weather over the last ten years whose days are archived', () => {
    expect(planWindowWeather('2027-06-11', '2027-06-15', today)).toEqual({
      kind: 'typical',
      years: [2017, 2018, 2019, 2020, 2021, 2022, 2023, 2024, 2025, 2026],
      days: 5,
    });
    // The same days this year are not archived yet: the ten years end last year.
    expect(planWindowWeather('2027-11-20', '2027-11-22', today)).toMatchObject({
      years: expect.arrayContaining([2016, 2025]),
    });
    expect(planWindowWeather('2027-11-20', '2027-11-22', today)).not.toMatchObject({
      years: expect.arrayContaining([2026]),
    });
  });

  it('when the window is over, then typical weather for its days, ending with its own year', () => {
    expect(planWindowWeather('2024-03-01', '2024-03-03', today)).toMatchObject({
      kind: 'typical',
      years: expect.arrayContaining([2015, 2024]),
    });
  });

  it.each([
    ['the end is before the start', '2027-01-05', '2027-01-04', 'The end date must be on or after the start date.'],
    ['the window is longer than 60 days', '2027-01-01', '2027-03-02', 'The dates must span at most 60 days.'],
  ])('when %s, then 400 {msg}', (_label, start, end, msg) => {
    expect(() => planWindowWeather(start, end, today)).toThrow(expect.objectContaining({ status: 400, message: msg }));
  });
});

describe('typicalDays', () => {
  it('when a window crosses a year end and includes 29 February, then every day is averaged over its years', () => {
    expect(shiftToYear('2028-02-29', 2027)).toBe('2027-02-28');
    expect(shiftToYear('2028-02-29', 2024)).toBe('2024-02-29');
    const readings = [
      { date: '2024-12-31', min: 1, max: 5 },
      { date: '2025-01-01', min: 3, max: 7 },
      { date: '2025-12-31', min: 2, max: 6 },
      // 2026-01-01 is missing: that day is averaged over one year only.
    ];
    expect(typicalDays('2027-12-31', 2, [2024, 2025], readings)).toEqual([
      { date: '2027-12-31', min: 1.5, max: 5.5 },
      { date: '2028-01-01', min: 3, max: 7 },
    ]);
  });

  it('when no year has a reading for a day, then that day is left out rather than invented', () => {
    expect(typicalDays('2027-06-01', 2, [2025], [{ date: '2025-06-02', min: 10, max: 20 }])).toEqual([
      { date: '2027-06-02', min: 10, max: 20 },
    ]);
  });
});
