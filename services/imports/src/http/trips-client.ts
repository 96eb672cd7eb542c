// The TripsPort over the trips service's public API, on the kit's service client, called
// with the caller's own token: the trips service applies its roles (an editor adds items,
// a viewer is refused), its currency rules and its limits, and its refusal reaches the
// caller as it was said. Endpoints are checked against the trips service's OpenAPI
// document (test/http/trips-client.contract.test.ts).
import {
  createServiceClient,
  defineEndpoint,
  serviceUnavailable,
  type Logger,
  type ServiceAnswer,
} from '@tripcost/shared';
import { tripsRefusal, type TripsPort, type TripWindows } from '../domain/apply';

export const TRIPS_UNAVAILABLE = 'Trips are unavailable right now. Please try again.';

export const TRIP_WINDOWS = defineEndpoint({
  callee: 'trips',
  method: 'get',
  path: '/api/trips/getaway/{tripId}',
  answer: { list: false, reads: ['currency', 'committedInstanceId', 'instances'] },
});

export const NEW_WINDOW = defineEndpoint({
  callee: 'trips',
  method: 'post',
  path: '/api/trips/getaway/{tripId}/instances',
  answer: { list: false, reads: ['_id'] },
});

/** Every item of one apply in one change of the trip: one history entry, undone as a whole. */
export const NEW_ITEMS = defineEndpoint({
  callee: 'trips',
  method: 'post',
  path: '/api/trips/getaway/{tripId}/items/batch',
  answer: { list: false, reads: ['items'] },
});

/** Every endpoint this service calls (the contract test checks each one). */
export const TRIPS_ENDPOINTS = [TRIP_WINDOWS, NEW_WINDOW, NEW_ITEMS];

export function createTripsClient(options: { baseUrl: string; timeoutMs: number; logger: Logger }): TripsPort {
  const client = createServiceClient({ baseUrl: options.baseUrl, timeoutMs: options.timeoutMs });
  const unavailable = () => serviceUnavailable(TRIPS_UNAVAILABLE, 'trips_unavailable');

  async function answered(
    call: () => Promise<ServiceAnswer>,
    what: string,
    success: number,
  ): Promise<Record<string, unknown>> {
    let answer: ServiceAnswer;
    try {
      answer = await call();
    } catch (error) {
      options.logger.warn({ err: error, what }, 'trips service did not answer');
      throw unavailable();
    }
    const body = (answer.body ?? {}) as Record<string, unknown>;
    if (answer.status === success) return body;
    if (answer.status >= 400 && answer.status < 500) throw tripsRefusal(answer.status, body.msg as string | undefined);
    options.logger.warn({ what, status: answer.status }, 'trips service answered with an error');
    throw unavailable();
  }

  return {
    async windowsOf(authorization, tripId) {
      const trip = await answered(() => client.get(TRIP_WINDOWS, { authorization, params: { tripId } }), 'trip', 200);
      const instances = Array.isArray(trip.instances) ? (trip.instances as TripWindows['instances']) : [];
      return {
        currency: String(trip.currency ?? 'USD'),
        committedInstanceId: typeof trip.committedInstanceId === 'string' ? trip.committedInstanceId : null,
        instances: instances.map((w) => ({ ...w, items: Array.isArray(w.items) ? w.items : [] })),
      };
    },
    async addWindow(authorization, tripId, window, key) {
      const body = { trip_start: window.start, trip_end: window.end };
      const created = await answered(
        () => client.post(NEW_WINDOW, { authorization, params: { tripId }, body, idempotencyKey: key }),
        'window',
        201,
      );
      return String(created._id);
    },
    async addItems(authorization, tripId, items, key) {
      const body = { items: items.map(({ instanceId, item }) => ({ instance_id: instanceId, ...item })) };
      const created = await answered(
        () => client.post(NEW_ITEMS, { authorization, params: { tripId }, body, idempotencyKey: key }),
        'items',
        201,
      );
      const added = Array.isArray(created.items) ? (created.items as Array<{ item?: { _id?: unknown } }>) : [];
      return added.map((entry) => String(entry.item?._id));
    },
  };
}
