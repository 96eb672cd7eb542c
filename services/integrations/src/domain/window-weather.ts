// Weather for a window's own dates rather than today's: the daily forecast when the
// window starts within the provider's forecast range, otherwise the typical weather for
// those calendar days (mean daily min/max over the last ten years with data). The plan
// (which kind, which days, which years) is a pure function of the dates and today, so
// the cache key and the tests can rely on it; the loads go through the shared cache.
import { addDays, AppError, badRequest, dayNumber, dayString, utcDay } from '@tripcost/shared';
import { badAnswer, type DailyReading, type DailyWeatherSource, type LocatedPlace, type WeatherQuery } from './ports';
import { CACHE_KINDS, jsonCodec, type Cache } from './cache';
import { normaliseText } from './text';

/** Open-Meteo forecasts today and the next 15 days. */
export const FORECAST_DAYS = 16;
/** The archive lags a few days behind today; a year counts once its same days are older than this. */
export const ARCHIVE_LAG_DAYS = 6;
export const TYPICAL_YEARS = 10;
/** Longer windows are refused rather than answered with hundreds of days. */
export const MAX_WINDOW_DAYS = 60;

const SERVICE = 'weather service';

export interface WindowWeatherDay {
  /** The window's date (YYYY-MM-DD), also for typical weather. */
  date: string;
  /** °C, one decimal. */
  min: number;
  max: number;
  /** Forecast days only: the provider's words for the day. */
  description?: string;
}

export interface WindowWeather {
  kind: 'forecast' | 'typical';
  name: string;
  start: string;
  end: string;
  days: WindowWeatherDay[];
  /** Typical weather only: the first and last year averaged. */
  years?: { from: number; to: number };
  source: DailyWeatherSource['source'];
  fetched_at: string;
}

export type WindowPlan =
  { kind: 'forecast'; from: string; to: string } | { kind: 'typical'; years: number[]; days: number };

/** Which weather the window gets, decided from its dates and today (all UTC calendar days). */
export function planWindowWeather(start: string, end: string, today: string): WindowPlan {
  const startDay = dayNumber(start);
  const endDay = dayNumber(end);
  if (endDay < startDay) throw badRequest('The end date must be on or after the start date.');
  const days = endDay - startDay + 1;
  if (days > MAX_WINDOW_DAYS) throw badRequest(`The dates must span at most ${MAX_WINDOW_DAYS} days.`);
  const todayDay = dayNumber(today);
  const horizon = todayDay + FORECAST_DAYS - 1;
  if (startDay <= horizon && endDay >= todayDay) {
    return {
      kind: 'forecast',
      from: dayString(Math.max(startDay, todayDay)),
      to: dayString(Math.min(endDay, horizon)),
    };
  }
  // The latest year whose same days are already in the archive, then the nine before it.
  const latestArchived = todayDay - ARCHIVE_LAG_DAYS;
  let last = Math.min(Number(start.slice(0, 4)), Number(today.slice(0, 4)));
  while (dayNumber(shiftToYear(start, last)) + days - 1 > latestArchived) last--;
  const years = Array.from({ length: TYPICAL_YEARS }, (_, index) => last - TYPICAL_YEARS + 1 + index);
  return { kind: 'typical', years, days };
}

/** The window's start in another year; 29 February becomes the 28th in common years. */
export function shiftToYear(date: string, year: number): string {
  const [month, day] = [Number(date.slice(5, 7)), Number(date.slice(8, 10))];
  const leap = (year % 4 === 0 && year % 100 !== 0) || year % 400 === 0;
  const shiftedDay = month === 2 && day === 29 && !leap ? 28 : day;
  return `${String(year).padStart(4, '0')}-${date.slice(5, 7)}-${String(shiftedDay).padStart(2, '0')}`;
}

/** Mean min/max per window day over the years that have a reading for it; days without any are left out. */
export function typicalDays(
  start: string,
  days: number,
  years: number[],
  readings: DailyReading[],
): WindowWeatherDay[] {
  const byDate = new Map(readings.map((reading) => [reading.date, reading]));
  const result: WindowWeatherDay[] = [];
  for (let offset = 0; offset < days; offset++) {
    let [minSum, maxSum, count] = [0, 0, 0];
    for (const year of years) {
      const reading = byDate.get(addDays(shiftToYear(start, year), offset));
      if (!reading) continue;
      minSum += reading.min;
      maxSum += reading.max;
      count++;
    }
    if (count > 0)
      result.push({ date: addDays(start, offset), min: oneDecimal(minSum / count), max: oneDecimal(maxSum / count) });
  }
  return result;
}

export function createWindowWeatherService(deps: {
  source: DailyWeatherSource;
  cache: Cache;
  /** Today as YYYY-MM-DD (UTC); a parameter so tests can pin it. */
  today?: () => string;
}) {
  const { source, cache } = deps;
  const today = deps.today ?? (() => utcDay(new Date()));
  const codec = jsonCodec<WindowWeather>();

  const direct = (query: WeatherQuery): Loads => ({
    locate: () => source.locate(query),
    forecast: (located, from, to) => source.forecast(located, from, to),
    history: (located, from, to) => source.history(located, from, to),
  });

  /** One window's answer through the cache (the same key for the single and the batch route). */
  function windowAnswer(query: WeatherQuery & WindowDates, plan: WindowPlan, loads: Loads): Promise<WindowWeather> {
    const place = [normaliseText(query.city), normaliseText(query.state ?? ''), normaliseText(query.country ?? '')];
    const answer = (days: WindowWeatherDay[], name: string, years?: WindowWeather['years']): WindowWeather => ({
      kind: plan.kind,
      name,
      start: query.start,
      end: query.end,
      days,
      ...(years ? { years } : {}),
      source: source.source,
      fetched_at: new Date().toISOString(),
    });

    if (plan.kind === 'forecast') {
      const key = [source.source, ...place, plan.from, plan.to, query.start, query.end];
      return cache.getOrLoad(CACHE_KINDS.windowForecast, key, codec, async () => {
        const located = await loads.locate();
        const readings = await loads.forecast(located, plan.from, plan.to);
        const days = readings.filter((day) => day.date >= plan.from && day.date <= plan.to).map(roundReading);
        if (days.length === 0) throw badAnswer(SERVICE);
        return answer(days, located.name);
      });
    }
    const [first, last] = [plan.years[0]!, plan.years.at(-1)!];
    const key = [source.source, ...place, query.start, query.end, `${first}-${last}`];
    return cache.getOrLoad(CACHE_KINDS.windowTypical, key, codec, async () => {
      const located = await loads.locate();
      const { from, to } = archiveRange(query.start, plan);
      const readings = await loads.history(located, from, to, `${first}-${last}`);
      const days = typicalDays(query.start, plan.days, plan.years, readings);
      // An archive with nothing for these days gave no answer; an empty "typical" would mislead.
      if (days.length === 0) throw badAnswer(SERVICE);
      return answer(days, located.name, { from: first, to: last });
    });
  }

  return {
    forWindow(query: WeatherQuery & WindowDates): Promise<WindowWeather> {
      return windowAnswer(query, planWindowWeather(query.start, query.end, today()), direct(query));
    },

    /**
     * Many windows of one place in one go, coalescing what goes upstream: the place is
     * located once, every forecast window reads one forecast covering them all, and the
     * typical windows that average the same years read one archive range covering them
     * all. Each window still has its own cache entry, shared with the single route. A
     * window whose dates are refused or whose weather failed gets its own error; when
     * every window failed the same way (an unknown city), the batch fails that way.
     */
    async forWindows(query: WeatherQuery & { windows: Array<WindowDates & { id: string }> }): Promise<WindowsWeather> {
      const now = today();
      const planned = query.windows.map((window): PlannedWindow => {
        try {
          return { window, plan: planWindowWeather(window.start, window.end, now) };
        } catch (error) {
          return { window, error };
        }
      });

      const loads = sharedLoads(source, query, planned);

      const settled = await Promise.allSettled(
        planned.map(({ window, plan, error }) =>
          plan ? windowAnswer({ ...query, ...window }, plan, loads) : Promise.reject(error),
        ),
      );
      return batchAnswer(planned, settled);
    },
  };
}

export interface WindowDates {
  start: string;
  end: string;
}

/** The batch answer: one entry per window asked, in the order asked. */
export interface WindowsWeather {
  windows: Array<{ id: string; weather: WindowWeather } | { id: string; error: { status: number; msg: string } }>;
}

/** The archive days a typical window reads: its days in the first year through its days in the last. */
function archiveRange(start: string, plan: Extract<WindowPlan, { kind: 'typical' }>) {
  return {
    from: shiftToYear(start, plan.years[0]!),
    to: addDays(shiftToYear(start, plan.years.at(-1)!), plan.days - 1),
  };
}

/** Where the upstream readings come from: straight from the source, or shared by a batch. */
interface Loads {
  locate(): Promise<LocatedPlace>;
  forecast(located: LocatedPlace, from: string, to: string): Promise<DailyReading[]>;
  /** `years` names the years averaged ("2016-2025"): a batch shares one archive read per set. */
  history(located: LocatedPlace, from: string, to: string, years: string): Promise<DailyReading[]>;
}

/** A window of a batch as planned: its plan, or why its dates were refused. */
interface PlannedWindow {
  window: WindowDates & { id: string };
  plan?: WindowPlan;
  error?: unknown;
}

/**
 * A batch's loads: the place located once, one forecast covering every forecast window,
 * one archive range per set of years covering every typical window that averages them;
 * each started only when a window misses the cache, then shared by every window needing it.
 */
function sharedLoads(source: DailyWeatherSource, query: WeatherQuery, planned: PlannedWindow[]): Loads {
  const forecastPlans = planned.flatMap((entry) => (entry.plan?.kind === 'forecast' ? [entry.plan] : []));
  const forecastRange = forecastPlans.length
    ? {
        from: forecastPlans.map((plan) => plan.from).sort()[0]!,
        to: forecastPlans
          .map((plan) => plan.to)
          .sort()
          .at(-1)!,
      }
    : undefined;
  const archiveRanges = new Map<string, { from: string; to: string }>();
  for (const { window, plan } of planned) {
    if (plan?.kind !== 'typical') continue;
    const yearsKey = `${plan.years[0]}-${plan.years.at(-1)}`;
    const range = archiveRange(window.start, plan);
    const known = archiveRanges.get(yearsKey);
    archiveRanges.set(yearsKey, known ? { from: min(known.from, range.from), to: max(known.to, range.to) } : range);
  }

  // Started only when a window misses the cache, then shared by every window that needs it.
  const shared = new Map<string, Promise<unknown>>();
  const once = <T>(key: string, load: () => Promise<T>): Promise<T> => {
    if (!shared.has(key)) shared.set(key, load());
    return shared.get(key) as Promise<T>;
  };
  return {
    locate: () => once('locate', () => source.locate(query)),
    forecast: (located) => once('forecast', () => source.forecast(located, forecastRange!.from, forecastRange!.to)),
    history: (located, _from, _to, years) => {
      const range = archiveRanges.get(years)!;
      return once(`archive ${years}`, () => source.history(located, range.from, range.to));
    },
  };
}

/**
 * The batch's answer from each window's outcome: a window that failed gets its own
 * error; when every window failed the same way (an unknown city), the batch fails that way.
 */
function batchAnswer(planned: PlannedWindow[], settled: PromiseSettledResult<WindowWeather>[]): WindowsWeather {
  const failures = settled.flatMap((result) => (result.status === 'rejected' ? [result.reason] : []));
  // A failure that is not the provider's or the input's is a bug: the error handler answers 500.
  const unexpected = failures.find((failure) => !(failure instanceof AppError));
  if (unexpected) throw unexpected;
  const first = failures[0] as AppError | undefined;
  if (
    first &&
    failures.length === settled.length &&
    failures.every((failure: AppError) => failure.status === first.status && failure.message === first.message)
  )
    throw first;
  return {
    windows: settled.map((result, index) => {
      const id = planned[index]!.window.id;
      if (result.status === 'fulfilled') return { id, weather: result.value };
      const failure = result.reason as AppError;
      return { id, error: { status: failure.status, msg: failure.message } };
    }),
  };
}

const min = (a: string, b: string) => (a < b ? a : b);
const max = (a: string, b: string) => (a > b ? a : b);

export type WindowWeatherService = ReturnType<typeof createWindowWeatherService>;

const roundReading = (reading: DailyReading): WindowWeatherDay => ({
  date: reading.date,
  min: oneDecimal(reading.min),
  max: oneDecimal(reading.max),
  ...(reading.description ? { description: reading.description } : {}),
});

const oneDecimal = (value: number) => Math.round(value * 10) / 10;
