// Every method on the service's own fixtures, in process (the worker is isolation.test.ts):
// JSON-LD, microdata, iCalendar (zones, legs, dates), PKPass, email (base64 HTML,
// quoted-printable calendar attachment), the text patterns, and every kind.
import { amountsRead } from '../src/domain/imports';
import type { Reservation } from '../src/domain/reservation';
import { readDocument } from '../src/providers/read-document';
import { fixture, pkpass } from './support/fixtures';

const read = async (bytes: Buffer, file = 'doc') => (await readDocument(bytes, file)).map(amountsRead);
const brief = (r: Reservation) => ({
  kind: r.kind,
  start: r.start,
  end: r.end,
  amount: r.amount,
  currency: r.currency,
});

describe('reading reservations, per method', () => {
  it('when a hotel page carries JSON-LD, then its stay, price, code, guest and paid status are read', async () => {
    const [stay, ...rest] = await read(fixture('hotel-jsonld.html'), 'hotel.html');
    expect(rest).toEqual([]);
    expect(stay).toEqual({
      kind: 'lodging',
      provider: 'Fixture Stays',
      name: 'Hotel Fixture Lisbon',
      start: '2027-06-10T15:00:00+01:00',
      end: '2027-06-13T11:00:00+01:00',
      location: 'Hotel Fixture Lisbon, Rua Augusta 1, Lisbon, PT',
      amount: 412.5,
      currency: 'EUR',
      confirmation: 'HFX-20931',
      travelers: ['Ada Lovelace'],
      paid: true,
      source: { file: 'hotel.html', method: 'json-ld' },
    });
  });

  it('when a page carries microdata, then the flight is read with its airline, route and times with offsets', async () => {
    const [flight] = await read(fixture('flight-microdata.html'));
    expect(flight).toMatchObject({
      kind: 'flight',
      provider: 'Fixture Air',
      name: 'FX 123 BOS → LIS',
      start: '2027-06-10T08:05:00-04:00',
      end: '2027-06-10T19:40:00+01:00',
      amount: 389,
      currency: 'USD',
      confirmation: 'QX7K2P',
      source: { method: 'microdata' },
    });
  });

  it('when a calendar names zones by TZID, then times carry each zone’s offset and the code is read', async () => {
    const [flight] = await read(fixture('flight.ics'));
    expect(flight).toMatchObject({
      kind: 'flight',
      start: '2027-06-13T12:15:00+01:00',
      end: '2027-06-13T15:00:00-04:00',
      confirmation: 'QX7K2P',
      location: 'Lisbon Airport',
      source: { method: 'ical' },
    });
  });

  it('when an event lists a night train’s legs, then each leg is a train past midnight, and an all-day event is dates', async () => {
    const found = await read(fixture('train-and-event.ics'));
    expect(found.map(brief)).toEqual([
      {
        kind: 'train',
        start: '2027-06-14T22:30:00+02:00',
        end: '2027-06-15T05:02:00',
        amount: undefined,
        currency: undefined,
      },
      {
        kind: 'train',
        start: '2027-06-15T05:40:00',
        end: '2027-06-15T07:10:00+02:00',
        amount: undefined,
        currency: undefined,
      },
      { kind: 'event', start: '2027-06-16', end: '2027-06-17', amount: undefined, currency: undefined },
    ]);
    expect(found[0].name).toBe('NJ 40457 Berlin Hbf → Breclav');
  });

  it('when a bare JSON-LD file holds car, restaurant, bus, event and taxi reservations, then each has its kind', async () => {
    const found = await read(fixture('car-rental.json'));
    expect(found.map((r) => r.kind)).toEqual(['car', 'restaurant', 'bus', 'event', 'other']);
    expect(brief(found[0])).toEqual({
      kind: 'car',
      start: '2027-06-10T21:00:00+01:00',
      end: '2027-06-13T10:00:00+01:00',
      amount: 155.2,
      currency: 'EUR',
    });
  });

  it('when a Wallet pass is a boarding pass, then the flight, its day and its booking reference are read', async () => {
    const [flight] = await read(pkpass(), 'flight.pkpass');
    expect(flight).toMatchObject({
      kind: 'flight',
      provider: 'Fixture Air',
      start: '2027-06-10T08:05:00-04:00',
      confirmation: 'QX7K2P',
      source: { file: 'flight.pkpass', method: 'pkpass' },
    });
  });

  it('when an email has a base64 HTML body and a quoted-printable calendar attachment, then both bookings are read', async () => {
    const found = await read(fixture('booking.eml'), 'booking.eml');
    expect(found.map((r) => [r.kind, r.source.method, r.confirmation])).toEqual([
      ['lodging', 'json-ld', 'HFX-20931'],
      ['flight', 'ical', 'QX7K2P'],
    ]);
    expect(found[1].source.file).toBe('booking.eml › flight.ics');
  });
});

describe('plain-text confirmations, one pattern each', () => {
  it.each([
    [
      'booking-com.txt',
      {
        kind: 'lodging',
        provider: 'Booking.com',
        start: '2027-06-17',
        end: '2027-06-20',
        amount: 1234.5,
        currency: 'EUR',
        confirmation: '4012.938.221',
      },
    ],
    [
      'airbnb.txt',
      {
        kind: 'lodging',
        provider: 'Airbnb',
        start: '2027-06-10',
        end: '2027-06-13',
        amount: 612.4,
        currency: 'USD',
        confirmation: 'HMXK4R2D9',
        paid: true,
      },
    ],
    [
      'airline.txt',
      {
        kind: 'flight',
        provider: 'Fixture Air',
        start: '2027-06-10',
        end: '2027-06-10',
        amount: 389,
        currency: 'USD',
        confirmation: 'QX7K2P',
      },
    ],
    [
      'car-rental.txt',
      {
        kind: 'car',
        name: 'Compact (VW Golf or similar)',
        start: '2027-06-10',
        end: '2027-06-13',
        amount: 155.2,
        currency: 'EUR',
        confirmation: 'CR99812',
      },
    ],
  ])('when %s is pasted, then its booking is read with the document’s decimal mark', async (name, expected) => {
    const [found, ...rest] = await read(fixture(`text/${name}`));
    expect(rest).toEqual([]);
    expect(found).toMatchObject({ ...expected, source: { method: 'text' } });
  });

  it('when a label stands on its own line, then its value is the next line; a label is never read inside a word', async () => {
    const [stay] = await read(
      Buffer.from(
        'Booking.com\nOur cars and hotels\nCheck-in\n17 June 2027\nCheck-out\n20 June 2027\nProperty\nCasa Fixture Porto',
      ),
    );
    expect(stay).toMatchObject({ kind: 'lodging', name: 'Casa Fixture Porto', start: '2027-06-17', end: '2027-06-20' });
  });

  it('when text is no confirmation, then nothing is found', async () => {
    expect(await read(Buffer.from('Dear Ada, see you in June! Love, Grace'))).toEqual([]);
  });
});
