// A window card's weather, asked together with the other cards of its place.
import type { FetchBaseQueryError } from '@reduxjs/toolkit/query';
import type { LocationParts } from '../../lib/location';
import type { WindowsWeatherAnswer, WindowsWeatherBody, WindowWeather } from '../../lib/types';
import type { BaseQuery } from '../saving';

export type WindowWeatherArgs = LocationParts & { start: string; end: string };

/** The server takes at most this many windows per batch. */
const WEATHER_BATCH_MAX = 50;

type WeatherResult = { data: WindowWeather } | { error: FetchBaseQueryError };
interface WeatherWaiter {
  dates: { start: string; end: string };
  resolve: (result: WeatherResult) => void;
}

/**
 * Every window card asks for its own weather; asking the server once per card made 26
 * windows 26 requests (and 26 upstream calls). Cards of one place that ask within a frame
 * of each other are sent as one POST /api/weather/windows (the server shares its upstream
 * calls between them); each card's query still has its own cache entry. A frame, not one
 * turn of the event loop: each card's weather sits in its own Suspense boundary, and React
 * may retry those boundaries in separate commits once the lazy module arrives, so cards of
 * one board can ask a few milliseconds apart (a second request, seen in the browser tests).
 * 50 ms, not one frame: on a loaded CI machine two cards of one board still asked more
 * than 16 ms apart; weather comes from the network after the page, so 50 ms goes unseen.
 */
const GATHER_MS = 50;
/** However the cards keep arriving, a batch leaves this long after its first card asked. */
const GATHER_MAX_MS = 250;

interface WeatherBatch {
  place: LocationParts;
  waiters: WeatherWaiter[];
  firstAt: number;
  timer: ReturnType<typeof setTimeout> | undefined;
}
const weatherBatches = new Map<string, WeatherBatch>();

export function batchedWindowWeather(args: WindowWeatherArgs, baseQuery: BaseQuery): Promise<WeatherResult> {
  const place = { city: args.city ?? '', state: args.state, country: args.country };
  const key = JSON.stringify([place.city, place.state ?? '', place.country ?? '']);
  return new Promise((resolve) => {
    let batch = weatherBatches.get(key);
    if (!batch) {
      batch = { place, waiters: [], firstAt: Date.now(), timer: undefined };
      weatherBatches.set(key, batch);
    }
    batch.waiters.push({ dates: { start: args.start, end: args.end }, resolve });
    const send = (ready: WeatherBatch) => {
      weatherBatches.delete(key);
      void sendWeatherBatch(ready.place, ready.waiters, baseQuery);
    };
    clearTimeout(batch.timer);
    const wait = Math.max(0, Math.min(GATHER_MS, batch.firstAt + GATHER_MAX_MS - Date.now()));
    const current = batch;
    batch.timer = setTimeout(() => send(current), wait);
  });
}

async function sendWeatherBatch(place: LocationParts, waiters: WeatherWaiter[], baseQuery: BaseQuery) {
  const windowId = ({ start, end }: WeatherWaiter['dates']) => `${start}_${end}`;
  // Chunks one after the other: a board never has more than one weather request open.
  for (let offset = 0; offset < waiters.length; offset += WEATHER_BATCH_MAX) {
    const chunk = waiters.slice(offset, offset + WEATHER_BATCH_MAX);
    // Windows with the same dates are asked once.
    const windows = [...new Map(chunk.map((w) => [windowId(w.dates), { id: windowId(w.dates), ...w.dates }])).values()];
    const body: WindowsWeatherBody = { city: place.city ?? '', windows };
    if (place.state) body.state = place.state;
    if (place.country) body.country = place.country;
    const answer = await baseQuery({ url: '/weather/windows', method: 'POST', body });
    const entries = new Map(
      ((answer.data as WindowsWeatherAnswer | undefined)?.windows ?? []).map((entry) => [entry.id, entry]),
    );
    for (const waiter of chunk) {
      const entry = entries.get(windowId(waiter.dates));
      if (answer.error) waiter.resolve({ error: answer.error });
      else if (entry && 'weather' in entry) waiter.resolve({ data: entry.weather });
      else {
        const error = entry && 'error' in entry ? entry.error : undefined;
        waiter.resolve({
          error: {
            status: error?.status ?? 502,
            data: { msg: error?.msg ?? 'Weather for these dates is unavailable right now.' },
          } as FetchBaseQueryError,
        });
      }
    }
  }
}
