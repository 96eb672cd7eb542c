// What an import finds in a document: one reservation shape for every method
// (docs/product.md, "Import bookings"), read from schema.org objects (JSON-LD,
// microdata, and what the iCalendar and PKPass readers make of their documents).
// The one mapping from schema.org to a reservation, so every method reads a
// LodgingReservation, a price or a date alike.

export const RESERVATION_KINDS = ['lodging', 'flight', 'train', 'bus', 'car', 'event', 'restaurant', 'other'] as const;
export type ReservationKind = (typeof RESERVATION_KINDS)[number];
export const IMPORT_METHODS = ['json-ld', 'microdata', 'ical', 'pkpass', 'pdf', 'text'] as const;
export type ImportMethod = (typeof IMPORT_METHODS)[number];

export interface Reservation {
  kind: ReservationKind;
  provider: string;
  name: string;
  /** ISO date-time with its UTC offset when the document gives a time and zone, a floating date-time without one, else a date. */
  start: string;
  end: string;
  location: string;
  amount?: number;
  currency?: string;
  /** A price as the document writes it; read into amount and currency by amountsRead (imports.ts), outside the worker. */
  price?: PriceText;
  confirmation?: string;
  travelers?: string[];
  /** The document says it is paid (schema.org PaymentComplete); else it is booked. */
  paid?: boolean;
  cancelled?: boolean;
  source: { file: string; method: ImportMethod };
}

export type SchemaObject = Record<string, unknown>;

/** A price as written, with the document's language for its decimal mark. */
export interface PriceText {
  text: string;
  currency: string;
  locale: string;
}

const KIND_OF_RESERVATION: Record<string, ReservationKind> = {
  LodgingReservation: 'lodging',
  FlightReservation: 'flight',
  TrainReservation: 'train',
  BusReservation: 'bus',
  RentalCarReservation: 'car',
  EventReservation: 'event',
  FoodEstablishmentReservation: 'restaurant',
  TaxiReservation: 'other',
  BoatReservation: 'other',
  Reservation: 'other',
};

const text = (value: unknown): string => {
  if (typeof value === 'string') return value.trim();
  if (typeof value === 'number') return String(value);
  if (Array.isArray(value)) return text(value[0]);
  if (value && typeof value === 'object') {
    const o = value as SchemaObject;
    return text(o['@value'] ?? o.name ?? o.value ?? '');
  }
  return '';
};

const object = (value: unknown): SchemaObject => {
  const first = Array.isArray(value) ? value[0] : value;
  return first && typeof first === 'object' ? (first as SchemaObject) : {};
};

/** The schema.org type names of an object ("http://schema.org/Flight" → "Flight"). */
export function typesOf(o: SchemaObject): string[] {
  const raw = o['@type'];
  const list = Array.isArray(raw) ? raw : [raw];
  return list.filter((t): t is string => typeof t === 'string').map((t) => t.replace(/^.*[/#]/, ''));
}

const ISO_DATE = /^\d{4}-\d{2}-\d{2}$/;
const ISO_DATE_TIME = /^(\d{4}-\d{2}-\d{2})[T ](\d{2}:\d{2})(:\d{2})?(\.\d+)?(Z|[+-]\d{2}:?\d{2})?$/;

/** A schema.org date or date-time as the reservation keeps it, or '' when it is not one. */
export function dateValue(value: unknown): string {
  const raw = text(value);
  if (ISO_DATE.test(raw)) return raw;
  const match = ISO_DATE_TIME.exec(raw);
  if (!match) return '';
  const [, day, minutes, seconds = ':00', , zone] = match;
  const offset =
    zone === undefined ? '' : zone === 'Z' ? 'Z' : zone.includes(':') ? zone : `${zone.slice(0, 3)}:${zone.slice(3)}`;
  return `${day}T${minutes}${seconds}${offset}`;
}

/** The local calendar date a reservation date is written for (its first ten characters). */
export const localDateOf = (value: string): string => value.slice(0, 10);

function placeText(place: unknown): string {
  const o = object(place);
  const address = o.address;
  const addressText =
    typeof address === 'string'
      ? address
      : [object(address).streetAddress, object(address).addressLocality, object(address).addressCountry]
          .map(text)
          .filter(Boolean)
          .join(', ');
  return [text(o.name), addressText].filter(Boolean).join(', ');
}

/** The price a reservation states, as written (schema.org writes a dot decimal: "123.45"). */
function priceOf(o: SchemaObject): { price?: PriceText } {
  const spec = object(o.priceSpecification ?? o.totalPaymentDue);
  const rawPrice = o.totalPrice ?? o.price ?? spec.price ?? spec.value ?? o.totalPaymentDue;
  const currency = text(o.priceCurrency ?? spec.priceCurrency ?? spec.currency).toUpperCase();
  const priceText = text(rawPrice);
  if (!priceText || !/^[A-Z]{3}$/.test(currency)) return {};
  return { price: { text: priceText, currency, locale: 'en' } };
}

function timesOf(kind: ReservationKind, o: SchemaObject, target: SchemaObject): [unknown, unknown] {
  switch (kind) {
    case 'lodging':
      return [o.checkinTime ?? o.checkinDate, o.checkoutTime ?? o.checkoutDate];
    case 'car':
      return [o.pickupTime, o.dropoffTime];
    case 'restaurant':
      return [o.startTime ?? target.startDate, o.endTime ?? target.endDate];
    case 'event':
      return [target.startDate ?? o.startTime, target.endDate ?? o.endTime];
    default:
      return [target.departureTime ?? target.departureDay ?? o.startTime, target.arrivalTime ?? o.endTime];
  }
}

function nameOf(kind: ReservationKind, target: SchemaObject): string {
  if (kind === 'flight') {
    const airline = object(target.airline);
    const from = text(object(target.departureAirport).iataCode) || text(target.departureAirport);
    const to = text(object(target.arrivalAirport).iataCode) || text(target.arrivalAirport);
    const number = `${text(airline.iataCode)} ${text(target.flightNumber)}`.trim();
    return [number, from && to ? `${from} → ${to}` : ''].filter(Boolean).join(' ');
  }
  if (kind === 'train' || kind === 'bus') {
    const from = text(target.departureStation ?? target.departureBusStop);
    const to = text(target.arrivalStation ?? target.arrivalBusStop);
    const number = text(target.trainNumber ?? target.busNumber ?? target.busName);
    return [number, from && to ? `${from} → ${to}` : ''].filter(Boolean).join(' ');
  }
  if (kind === 'car') return text(target.name) || text(object(target.model)) || 'Rental car';
  return text(target.name);
}

function locationOf(kind: ReservationKind, o: SchemaObject, target: SchemaObject): string {
  if (kind === 'flight') return placeText(target.departureAirport);
  if (kind === 'train') return placeText(target.departureStation);
  if (kind === 'bus') return placeText(target.departureBusStop);
  if (kind === 'car') return placeText(o.pickupLocation);
  if (kind === 'event') return placeText(target.location);
  return placeText(target);
}

/** One reservation from a schema.org Reservation (or an Event), or null when the object is neither or has no start. */
export function reservationFrom(o: SchemaObject, source: Reservation['source']): Reservation | null {
  const types = typesOf(o);
  const reservationType = types.find((t) => t in KIND_OF_RESERVATION);
  const isEvent = !reservationType && types.some((t) => /Event$/.test(t));
  if (!reservationType && !isEvent) return null;
  const kind: ReservationKind = reservationType ? KIND_OF_RESERVATION[reservationType] : 'event';
  const target = reservationType ? object(o.reservationFor) : o;
  const [startRaw, endRaw] = timesOf(kind, o, target);
  const start = dateValue(startRaw);
  if (!start) return null;
  const end = dateValue(endRaw) || start;
  const provider = text(o.provider) || text(o.broker) || text(target.airline) || text(target.provider);
  const under = o.underName;
  const travelers = (Array.isArray(under) ? under : under ? [under] : []).map(text).filter(Boolean);
  const confirmation = text(o.reservationNumber) || text(o.reservationId) || undefined;
  const status = text(o.reservationStatus);
  return {
    kind,
    provider,
    name: nameOf(kind, target) || provider || kind,
    start,
    end,
    location: locationOf(kind, o, target),
    ...priceOf(o),
    ...(confirmation ? { confirmation } : {}),
    ...(travelers.length ? { travelers } : {}),
    ...(/PaymentComplete/.test(text(o.paymentStatus)) ? { paid: true } : {}),
    ...(/Cancel/.test(status) ? { cancelled: true } : {}),
    source,
  };
}

/** Every object of a JSON-LD value: arrays, @graph lists and nested values are walked (depth-limited by the caller). */
export function schemaObjectsOf(value: unknown, found: SchemaObject[] = []): SchemaObject[] {
  if (Array.isArray(value)) for (const item of value) schemaObjectsOf(item, found);
  else if (value && typeof value === 'object') {
    const o = value as SchemaObject;
    if (Array.isArray(o['@graph'])) schemaObjectsOf(o['@graph'], found);
    else found.push(o);
  }
  return found;
}

/** The reservations of a list of schema.org objects, each once (a document often repeats its markup). */
export function reservationsOf(objects: SchemaObject[], source: Reservation['source']): Reservation[] {
  const seen = new Set<string>();
  const reservations: Reservation[] = [];
  for (const o of objects) {
    const found = expandArrays(o).map((one) => reservationFrom(one, source));
    for (const reservation of found) {
      if (!reservation) continue;
      const key = [
        reservation.kind,
        reservation.start,
        reservation.end,
        reservation.name,
        reservation.confirmation,
      ].join('|');
      if (seen.has(key)) continue;
      seen.add(key);
      reservations.push(reservation);
    }
  }
  return reservations;
}

/** A reservation whose reservationFor is a list stands for one reservation per element. */
function expandArrays(o: SchemaObject): SchemaObject[] {
  const target = o.reservationFor;
  if (!Array.isArray(target)) return [o];
  return target.map((one) => ({ ...o, reservationFor: one }));
}
