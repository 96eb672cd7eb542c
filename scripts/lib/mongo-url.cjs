// The MONGO_URL one service gets from the one `npm start` was given: the same server,
// credentials and options, with the database named after the service — as the Helm
// chart gives each store component its own database (k8s/helm/tripcost/templates/
// _helpers.tpl, tripcost.mongoUrl: `/<component>`, or mongodb.url's `{db}`), so
// services never share a database locally either. CommonJS so that both
// scripts/lib/product.mjs and the scripts jest project (plain CommonJS) can load it.

/** mongodb:// or mongodb+srv://, then credentials and hosts, an optional /database, an optional ?query. */
const MONGO_URL = /^(mongodb(?:\+srv)?:\/\/)([^/?#]+)(?:\/[^?#]*)?(\?[^#]*)?$/;

/**
 * `url` with its database path replaced by `database` (a `{db}` placeholder, as the
 * chart's mongodb.url has, is filled in instead). Credentials, hosts and options are
 * kept as written. A URL of another shape is returned unchanged: the service's own
 * connection error will name it.
 */
function mongoUrlFor(url, database) {
  if (url.includes('{db}')) return url.split('{db}').join(database);
  const match = MONGO_URL.exec(url.trim());
  if (!match) return url;
  const [, scheme, authority, query = ''] = match;
  return `${scheme}${authority}/${database}${query}`;
}

module.exports = { mongoUrlFor };
