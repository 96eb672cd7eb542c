// A VAPID key pair for Web Push (issue 42), in web-push's format: the public key is the
// uncompressed P-256 point, the private key the 32-byte scalar, both base64url. Made with
// node:crypto, so `npm start` can make one before `npm ci`; the in-process product of the
// tests makes one too, so it answers push like `npm start` does.
const { generateKeyPairSync } = require('node:crypto');

/** @returns {{ publicKey: string, privateKey: string }} */
function vapidKeyPair() {
  const { privateKey } = generateKeyPairSync('ec', { namedCurve: 'prime256v1' });
  const jwk = privateKey.export({ format: 'jwk' });
  const point = Buffer.concat([Buffer.from([4]), Buffer.from(jwk.x, 'base64url'), Buffer.from(jwk.y, 'base64url')]);
  return { publicKey: point.toString('base64url'), privateKey: jwk.d };
}

module.exports = { vapidKeyPair };
