import { act, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { registerWithUpdatePrompt } from './updatePrompt';

// The stub of vite-plugin-pwa's virtual module (test/pwaRegisterStub.cjs).
// eslint-disable-next-line @typescript-eslint/no-require-imports -- the stub's recorder, not a module of the app
const worker = require('virtual:pwa-register') as {
  calls: { options: { onNeedRefresh?: () => void; immediate?: boolean }; update: jest.Mock }[];
};

describe('a new version of the app', () => {
  it('when an update is waiting, then the bar says so and only Reload activates it', async () => {
    registerWithUpdatePrompt();
    const { options, update } = worker.calls.at(-1)!;
    expect(options.immediate).toBe(true);
    expect(screen.queryByText(/A new version is ready/)).not.toBeInTheDocument();

    act(() => options.onNeedRefresh!());
    expect(await screen.findByText('A new version is ready —')).toBeInTheDocument();
    expect(update).not.toHaveBeenCalled();

    await userEvent.setup().click(screen.getByRole('button', { name: 'Reload' }));
    expect(update).toHaveBeenCalledWith(true);
  });
});
