import { csvFileName, neutraliseCell, travellersOf } from '../../src/domain/exports';
import type { TripRecord } from '../../src/domain/trip';

describe('neutraliseCell', () => {
  it.each(['=1+1', '+1', '-1', '@A1', '\tx', '\rx'])(
    'when a cell starts like a formula (%j), then it becomes text',
    (cell) => {
      expect(neutraliseCell(cell)).toBe(`'${cell}`);
    },
  );

  it.each(['Lisbon', '100.00', '', ' =not first', "'quoted"])(
    'when a cell is plain (%j), then it is unchanged',
    (cell) => {
      expect(neutraliseCell(cell)).toBe(cell);
    },
  );
});

describe('csvFileName and travellersOf', () => {
  const trip = (fields: Partial<TripRecord> & Record<string, unknown>) => fields as TripRecord;

  it('when the place has quotes, slashes or accents, then the file name keeps letters and digits only', () => {
    expect(csvFileName(trip({ location_address: 'São Paulo, "SP"/Brazil\r\nX' }))).toBe(
      'sao-paulo-sp-brazil-x-comparison.csv',
    );
    expect(csvFileName(trip({ location_address: '東京' }))).toBe('trip-comparison.csv');
  });

  it('when the trip records no usable travellers, then one person', () => {
    expect(travellersOf(trip({}))).toBe(1);
    expect(travellersOf(trip({ travelers: 0 }))).toBe(1);
    expect(travellersOf(trip({ travelers: 3 }))).toBe(3);
  });
});
