// The settings a service that keeps data and checks tokens starts from (trips,
// wishlists), and the timeout of a call to another service: one definition, so the
// services cannot drift apart in what they accept.
import { z } from 'zod';
import { tokenVerifierSettings } from './auth/key-settings';
import { commonSettings, portSetting, storeSettings } from './config';

/** Common settings, the service's port, its store and the token verifier's keys. */
export const storeServiceSettings = (port: number) => ({
  ...commonSettings,
  PORT: portSetting(port),
  ...storeSettings,
  ...tokenVerifierSettings,
});

/** How long a call to another service may take before it fails, in ms. */
export const calleeTimeoutSetting = () => z.coerce.number().int().min(100).max(30_000).default(3000);
