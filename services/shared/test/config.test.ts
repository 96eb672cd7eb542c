import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { z } from 'zod';
import { booleanSetting, commonSettings, ConfigError, loadConfig, pemSetting, portSetting } from '../src';
import { tempDataDir, testKeys } from '../src/testing';

const schema = z.object({
  ...commonSettings,
  PORT: portSetting(4002),
  FEATURE: booleanSetting(false),
  JWT_PUBLIC_KEY: pemSetting('JWT_PUBLIC_KEY'),
});

describe('config', () => {
  const key = testKeys().publicKey;

  it('when variables are unset, then the local defaults apply', () => {
    const config = loadConfig(schema, { JWT_PUBLIC_KEY: key });
    expect(config).toMatchObject({
      PORT: 4002,
      REDIS_URL: 'redis://127.0.0.1:6379',
      LOG_LEVEL: 'info',
      FEATURE: false,
    });
  });

  it('when a variable is bad, then the error names it', () => {
    expect(() => loadConfig(schema, { PORT: 'eighty', JWT_PUBLIC_KEY: key })).toThrow(/PORT/);
    expect(() => loadConfig(schema, { REDIS_URL: 'not a url', JWT_PUBLIC_KEY: key })).toThrow(
      /REDIS_URL: must be a redis:\/\/ URL/,
    );
    expect(() => loadConfig(schema, { FEATURE: 'maybe', JWT_PUBLIC_KEY: key })).toThrow(
      /FEATURE: must be true or false/,
    );
    expect(() => loadConfig(schema, {})).toThrow(/JWT_PUBLIC_KEY: is required/);
    expect(() => loadConfig(schema, { JWT_PUBLIC_KEY: '/no/such/key.pem' })).toThrow(ConfigError);
    expect(() => loadConfig(schema, { JWT_PUBLIC_KEY: '/no/such/key.pem' })).toThrow(
      /JWT_PUBLIC_KEY: cannot read key file/,
    );
  });

  it('when a key is given as a file path, then its PEM text is read', () => {
    const path = join(tempDataDir(), 'public.pem');
    writeFileSync(path, key);
    expect(loadConfig(schema, { JWT_PUBLIC_KEY: path }).JWT_PUBLIC_KEY).toBe(key);
  });
});
