// Reservations in iCalendar (.ics files and email attachments), read with ical.js:
// each VEVENT with DTSTART/DTEND (TZID from the calendar's VTIMEZONE, else the
// IANA zone of that name), SUMMARY and LOCATION. A booking calendar often holds a
// whole journey in one event and its legs in DESCRIPTION ("ab 10:26 Frankfurt Hbf
// (ICE 16)" / "an 11:33 Köln Hbf"); such legs become one reservation each.
import ICAL from 'ical.js';
import { DocumentProblem } from '../domain/limits';
import type { Reservation, ReservationKind } from '../domain/reservation';

type Time = InstanceType<typeof ICAL.Time>;
type Zone = InstanceType<typeof ICAL.Timezone>;

const pad = (n: number) => String(n).padStart(2, '0');
const wallClock = (t: { year: number; month: number; day: number; hour: number; minute: number; second: number }) =>
  `${t.year}-${pad(t.month)}-${pad(t.day)}T${pad(t.hour)}:${pad(t.minute)}:${pad(t.second)}`;
const offsetText = (seconds: number) => {
  const sign = seconds < 0 ? '-' : '+';
  const abs = Math.abs(seconds);
  return `${sign}${pad(Math.floor(abs / 3600))}:${pad(Math.floor((abs % 3600) / 60))}`;
};

/** The UTC offset (s) of an IANA zone at a wall-clock time, from Intl's zone data; undefined for an unknown zone. */
export function ianaOffsetSeconds(zone: string, wall: string): number | undefined {
  let format: Intl.DateTimeFormat;
  try {
    format = new Intl.DateTimeFormat('en-US', { timeZone: zone, timeZoneName: 'longOffset' });
  } catch {
    return undefined;
  }
  const offsetAt = (ms: number) => {
    const name = format.formatToParts(ms).find((p) => p.type === 'timeZoneName')?.value ?? 'GMT';
    const m = /GMT([+-])(\d{2}):?(\d{2})?/.exec(name);
    return m ? (m[1] === '-' ? -1 : 1) * (Number(m[2]) * 3600 + Number(m[3] ?? 0) * 60) : 0;
  };
  const guess = Date.parse(`${wall}Z`);
  return offsetAt(guess - offsetAt(guess) * 1000);
}

function timeText(time: Time | null | undefined, tzid: string | undefined, zones: Map<string, Zone>): string {
  if (!time) return '';
  if (time.isDate) return wallClock(time).slice(0, 10);
  const wall = wallClock(time);
  if (time.zone?.tzid === 'UTC' || time.zone === ICAL.Timezone.utcTimezone) return `${wall}Z`;
  if (!tzid) return wall;
  const known = zones.get(tzid);
  const seconds = known ? known.utcOffset(time) : ianaOffsetSeconds(tzid, wall);
  return seconds === undefined ? wall : `${wall}${offsetText(seconds)}`;
}

const FLIGHT = /\b(flight|flug|vol|vuelo|volo|lot)\b|\b[A-Z0-9]{2}\s?\d{2,4}\b.*\b[A-Z]{3}\b.*\b[A-Z]{3}\b/i;
const TRAIN = /\b(train|zug|bahn|rail|tren|treno|trein)\b/i;

function kindOfEvent(summary: string): ReservationKind {
  if (TRAIN.test(summary)) return 'train';
  if (/\b(flight|flug|vol|vuelo|volo)\b/i.test(summary) || FLIGHT.test(summary)) return 'flight';
  if (/\b(hotel|check-?in|stay|booking)\b/i.test(summary)) return 'lodging';
  if (/\b(bus|coach)\b/i.test(summary)) return 'bus';
  if (/\b(car rental|rental car|mietwagen)\b/i.test(summary)) return 'car';
  return 'event';
}

/** "ab 10:26 Frankfurt(Main)Hbf - Gleis 19 (ICE 16)", "● ab 10:27 Berlin Hbf ▷ Gleis 14", "odj. 12:15 Warszawa …": a word or two, a time, a place. */
const LEG_LINE = /^\s*(?:[^\d\s]+\s+){1,2}(\d{1,2}):(\d{2})\s+(\p{L}.*?)\s*$/u;
/** A line naming the vehicle of the next leg ("ICE 577 (1071)"). */
const VEHICLE_LINE = /^([A-Z]{1,5}\s*\d{1,6})\b/;
const VEHICLE = /\(([^)]*?)\)\s*$/;

/**
 * The legs of a journey written in an event's description, or [] when it holds none:
 * a departure is a line with a time and a vehicle in brackets, its arrival the next
 * line with a time; times past midnight roll the date on. The first departure and the
 * last arrival are the event's own DTSTART and DTEND (with their offset).
 */
function legsOf(description: string, start: string, end: string): Array<Omit<Reservation, 'source'>> {
  // A vehicle named on the line before a departure is carried onto it, in brackets.
  const all = description.split(/\n/).map((line) => line.trim());
  const lines = all
    .map((line, i) =>
      LEG_LINE.test(line) && !VEHICLE.test(line) && VEHICLE_LINE.test(all[i - 1] ?? '')
        ? `${line} (${VEHICLE_LINE.exec(all[i - 1])![1]})`
        : line,
    )
    .filter((line) => LEG_LINE.test(line));
  if (!/T\d{2}:\d{2}/.test(start)) return [];
  let day = Date.parse(start.slice(0, 10) + 'T00:00:00Z');
  let lastMinutes = -1;
  const stamp = (line: string) => {
    const [, h, m, rest] = LEG_LINE.exec(line)!;
    const minutes = Number(h) * 60 + Number(m);
    if (minutes < lastMinutes) day += 86_400_000; // past midnight
    lastMinutes = minutes;
    const where = rest
      .replace(VEHICLE, '')
      .replace(/\s+[-▷]\s+.*$/u, '')
      .replace(/\s+▷.*$/u, '')
      .trim();
    return {
      at: `${new Date(day).toISOString().slice(0, 10)}T${pad(Number(h))}:${m}:00`,
      where,
      vehicle: VEHICLE.exec(rest)?.[1] ?? '',
    };
  };
  const legs: Array<Omit<Reservation, 'source'>> = [];
  for (let i = 0; i + 1 < lines.length; i++) {
    if (!VEHICLE.test(lines[i])) continue;
    const from = stamp(lines[i]);
    const to = stamp(lines[i + 1]);
    i++;
    const vehicle = from.vehicle.replace(/\s+/g, ' ').trim();
    legs.push({
      kind: /^bus/i.test(vehicle) ? 'bus' : 'train',
      provider: '',
      name: [vehicle, `${from.where} → ${to.where}`].filter(Boolean).join(' '),
      start: from.at,
      end: to.at,
      location: from.where,
    });
  }
  if (legs.length === 0) return [];
  if (start.startsWith(legs[0].start.slice(0, 16))) legs[0].start = start;
  const last = legs[legs.length - 1];
  if (end.startsWith(last.end.slice(0, 16))) last.end = end;
  return legs;
}

export function reservationsInCalendar(icsText: string, file: string): Reservation[] {
  let root: InstanceType<typeof ICAL.Component>;
  try {
    root = new ICAL.Component(ICAL.parse(icsText));
  } catch {
    throw new DocumentProblem('It is not an iCalendar file that can be read.');
  }
  const zones = new Map<string, Zone>();
  for (const vtimezone of root.getAllSubcomponents('vtimezone')) {
    try {
      const zone = new ICAL.Timezone(vtimezone);
      if (zone.tzid) zones.set(zone.tzid, zone);
    } catch {
      // A broken zone: its events fall back to the IANA zone of that name.
    }
  }
  const source = { file, method: 'ical' as const };
  return root.getAllSubcomponents('vevent').flatMap((vevent) => {
    try {
      return eventReservations(vevent, zones, source);
    } catch {
      // ical.js reads values lazily: one malformed event does not hide the others.
      return [];
    }
  });
}

function eventReservations(
  vevent: InstanceType<typeof ICAL.Component>,
  zones: Map<string, Zone>,
  source: Reservation['source'],
): Reservation[] {
  const dtstart = vevent.getFirstProperty('dtstart');
  const dtend = vevent.getFirstProperty('dtend');
  const start = timeText(dtstart?.getFirstValue() as Time, dtstart?.getParameter('tzid') as string, zones);
  if (!start) return [];
  const end = timeText(dtend?.getFirstValue() as Time, dtend?.getParameter('tzid') as string, zones) || start;
  const summary = String(vevent.getFirstPropertyValue('summary') ?? '').trim();
  const description = String(vevent.getFirstPropertyValue('description') ?? '');
  const location = String(vevent.getFirstPropertyValue('location') ?? '').trim();
  const legs = legsOf(description, start, end);
  if (legs.length) return legs.map((leg) => ({ ...leg, source }));
  const confirmation = /(?:booking reference|buchungscode|confirmation|reservation)[^:]*:\s*([A-Z0-9]{5,10})\b/i.exec(
    description,
  )?.[1];
  return [
    {
      kind: kindOfEvent(summary),
      provider: '',
      name: summary,
      start,
      end,
      location,
      ...(confirmation ? { confirmation } : {}),
      source,
    },
  ];
}
