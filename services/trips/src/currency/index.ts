// The currency capability: an item's frozen exchange rate, re-pricing at today's rates,
// a new trip currency, and which rates a change needs before it applies (the write path
// asks first); the rates themselves come from the integrations service (http/rates-client).
export * from './domain/trip-currency';
