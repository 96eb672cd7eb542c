// A small NetworkPolicy evaluator (the Kubernetes semantics a CNI enforces),
// so the tests can state who may talk to whom as a table instead of poking at
// policy YAML. A connection passes when the source's egress and the
// destination's ingress both allow it; a pod no policy selects for a direction
// is open in that direction. Endpoints outside the cluster (the internet) have
// no policies of their own.
const net = require('node:net');

function labelsMatch(selector = {}, labels = {}) {
  for (const [key, value] of Object.entries(selector.matchLabels ?? {})) if (labels[key] !== value) return false;
  for (const { key, operator, values = [] } of selector.matchExpressions ?? []) {
    const has = key in labels;
    if (operator === 'In' && !(has && values.includes(labels[key]))) return false;
    if (operator === 'NotIn' && has && values.includes(labels[key])) return false;
    if (operator === 'Exists' && !has) return false;
    if (operator === 'DoesNotExist' && has) return false;
  }
  return true;
}

function inCidr(ip, cidr) {
  const [base, bits] = cidr.split('/');
  if (net.isIPv4(ip) !== net.isIPv4(base)) return false;
  const toInt = (a) => a.split('.').reduce((n, part) => n * 256 + Number(part), 0);
  const blockSize = 2 ** (32 - Number(bits));
  return Math.floor(toInt(ip) / blockSize) === Math.floor(toInt(base) / blockSize);
}

/** Does a NetworkPolicyPeer of a policy in `policyNamespace` match `endpoint`? */
function peerMatches(peer, endpoint, policyNamespace) {
  if (peer.ipBlock) {
    return inCidr(endpoint.ip, peer.ipBlock.cidr) && !(peer.ipBlock.except ?? []).some((c) => inCidr(endpoint.ip, c));
  }
  if (!endpoint.namespace) return false; // selectors only match pods
  const namespaceOk = peer.namespaceSelector
    ? labelsMatch(peer.namespaceSelector, { 'kubernetes.io/metadata.name': endpoint.namespace })
    : endpoint.namespace === policyNamespace;
  const podOk = peer.podSelector ? labelsMatch(peer.podSelector, endpoint.labels) : true;
  return namespaceOk && podOk;
}

function portMatches(ports, destination, port, protocol) {
  if (!ports || ports.length === 0) return true;
  return ports.some((p) => {
    if ((p.protocol ?? 'TCP') !== protocol) return false;
    if (p.port === undefined) return true;
    if (typeof p.port === 'number') return p.port === port;
    return (destination.namedPorts ?? {})[p.port] === port;
  });
}

/** Is `from` → `to` on port/protocol allowed by `policies` (all in `namespace`)? */
function allowed(policies, namespace, from, to, port, protocol = 'TCP') {
  const direction = (endpoint, type) =>
    endpoint.namespace === namespace
      ? policies.filter(
          (p) => labelsMatch(p.spec.podSelector, endpoint.labels) && (p.spec.policyTypes ?? ['Ingress']).includes(type),
        )
      : null; // another namespace's or the internet's policies are not ours to judge: open
  const egress = direction(from, 'Egress');
  const egressOk =
    !egress ||
    egress.length === 0 ||
    egress.some((p) =>
      (p.spec.egress ?? []).some(
        (rule) =>
          (!rule.to || rule.to.some((peer) => peerMatches(peer, to, namespace))) &&
          portMatches(rule.ports, to, port, protocol),
      ),
    );
  const ingress = direction(to, 'Ingress');
  const ingressOk =
    !ingress ||
    ingress.length === 0 ||
    ingress.some((p) =>
      (p.spec.ingress ?? []).some(
        (rule) =>
          (!rule.from || rule.from.some((peer) => peerMatches(peer, from, namespace))) &&
          portMatches(rule.ports, to, port, protocol),
      ),
    );
  return egressOk && ingressOk;
}

module.exports = { allowed };
