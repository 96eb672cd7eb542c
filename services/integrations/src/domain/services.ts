// The integrations use cases together: what the routes and the warm-up job call.
import type { FxService } from './fx';
import type { PlacesService } from './places';
import type { SuggestionsService } from './suggestions';
import type { WeatherService } from './weather';
import type { WindowWeatherService } from './window-weather';

export interface IntegrationsServices {
  weather: WeatherService;
  windowWeather: WindowWeatherService;
  places: PlacesService;
  suggestions: SuggestionsService;
  fx: FxService;
}
