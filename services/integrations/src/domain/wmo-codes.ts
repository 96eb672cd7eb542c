// WMO weather interpretation codes (as Open-Meteo reports them) in the plain words
// OpenWeatherMap uses, so the web's icons (clear, cloud, rain, snow, thunderstorm)
// work whichever provider answered.
const WMO_DESCRIPTIONS: Record<number, string> = {
  0: 'clear sky',
  1: 'mainly clear',
  2: 'scattered clouds',
  3: 'overcast clouds',
  45: 'fog',
  48: 'depositing rime fog',
  51: 'light drizzle',
  53: 'drizzle',
  55: 'heavy drizzle',
  56: 'light freezing drizzle',
  57: 'freezing drizzle',
  61: 'light rain',
  63: 'moderate rain',
  65: 'heavy rain',
  66: 'light freezing rain',
  67: 'freezing rain',
  71: 'light snow',
  73: 'snow',
  75: 'heavy snow',
  77: 'snow grains',
  80: 'light rain showers',
  81: 'rain showers',
  82: 'violent rain showers',
  85: 'light snow showers',
  86: 'heavy snow showers',
  95: 'thunderstorm',
  96: 'thunderstorm with light hail',
  99: 'thunderstorm with heavy hail',
};

/** undefined for a code outside the WMO table: the caller treats it as a bad answer. */
export function wmoDescription(code: number): string | undefined {
  return WMO_DESCRIPTIONS[code];
}
