// The trip page's 'Current Weather' panel when the server has no weather to give.
import { screen } from '@testing-library/react';
import { installFakeApi, type FakeApi } from '../../../test/fakeApi';
import { renderApp } from '../../../test/render';
import { WeatherPanel } from './components/WeatherPanel';

describe('current weather panel', () => {
  let api: FakeApi;
  let consoleError: jest.SpyInstance;
  beforeEach(() => {
    consoleError = jest.spyOn(console, 'error').mockImplementation(() => undefined);
  });
  afterEach(() => {
    api.restore();
    consoleError.mockRestore();
  });

  const show = () => renderApp('/', undefined, <WeatherPanel location="Lisbon, Lisbon, Portugal" />);

  it('when weather is not configured (503), then it says unavailable and logs no console error', async () => {
    api = installFakeApi({
      'GET /api/weather': () => ({
        status: 503,
        body: { msg: 'The weather service is not available right now.', code: 'not_configured' },
      }),
    });
    show();
    expect(await screen.findByText('Weather data unavailable')).toBeInTheDocument();
    expect(consoleError.mock.calls.filter(([first]) => first === 'Weather request failed')).toEqual([]);
  });

  it('when the request really fails (500), then the console still hears about it', async () => {
    api = installFakeApi({ 'GET /api/weather': () => ({ status: 500, body: { msg: 'Something went wrong.' } }) });
    show();
    expect(await screen.findByText('Weather data unavailable')).toBeInTheDocument();
    expect(consoleError).toHaveBeenCalledWith('Weather request failed', expect.objectContaining({ status: 500 }));
  });
});
