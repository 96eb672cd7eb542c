// TripStore on MongoDB through mongoose. Each change is one findOneAndUpdate on the
// trip document, filtered by owner (and by the instance it needs), so it is atomic
// without transactions: the multi-field ones (commit, edit, remove instance) are
// update pipelines whose expressions all read the document as it was before.
import { fromMongo, pingMongo } from '@tripcost/shared';
import { Schema, type Connection, type PipelineStage } from 'mongoose';
import { DATED_EXPENSE_FIELDS, NO_DATES_OR_EXPENSES, type TripRecord } from '../domain/trip';
import { pickDefined, type TripUpdate } from '../domain/trip-changes';
import type { TripStore } from './trip-store';

const datedExpenseFields = {
  trip_start: { type: String, default: null },
  trip_end: { type: String, default: null },
  stay_expense: { type: Number, default: 0 },
  travel_expense: { type: Number, default: 0 },
  car_expense: { type: Number, default: 0 },
  other_expense: { type: Number, default: 0 },
};

// Ids are our own 24-hex strings (newId) and dates ISO strings, exactly as in the
// embedded store, so both adapters return identical documents and sort alike.
const instanceSchema = new Schema(
  {
    _id: { type: String, required: true },
    ...datedExpenseFields,
    isCommitted: { type: Boolean, default: false },
    activities: { type: [String], default: [] },
    created_at: { type: String, required: true },
  },
  { versionKey: false },
);

const tripSchema = new Schema(
  {
    _id: { type: String, required: true },
    user_id: { type: String, required: true },
    user_email: { type: String, required: true },
    location_address: { type: String, required: true },
    trip_location: { type: String, default: '' },
    place_id: { type: String },
    image_url: { type: String, default: '' },
    ...datedExpenseFields,
    isFavorite: { type: Boolean, default: false },
    instances: { type: [instanceSchema], default: [] },
    committedInstanceId: { type: String, default: null },
    created_at: { type: String, required: true },
    updated_at: { type: String, required: true },
  },
  { versionKey: false, strict: true },
);
tripSchema.index({ user_id: 1, trip_start: 1 });

const AFTER = { returnDocument: 'after', lean: true } as const;
const PIPELINE = { ...AFTER, updatePipeline: true } as const;

/** A value placed in a pipeline as data, never read as an expression or field path. */
const literal = (value: unknown) => ({ $literal: value });

export function mongoTripStore(connection: Connection): TripStore {
  const Trips = connection.models.Trip ?? connection.model('Trip', tripSchema, 'trips');
  const asTrip = (doc: unknown) => (doc ? fromMongo<TripRecord>(doc) : null);

  function updatePipeline(update: TripUpdate, now: string): PipelineStage[] {
    const set: Record<string, unknown> = { updated_at: literal(now) };
    if (update.isFavorite !== undefined) set.isFavorite = literal(update.isFavorite);
    const edits = update.instanceEdits ?? [];
    if (edits.length) {
      set.instances = {
        $map: {
          input: '$instances',
          as: 'instance',
          in: {
            $switch: {
              branches: edits.map((edit) => ({
                case: { $eq: ['$$instance._id', literal(edit._id)] },
                then: { $mergeObjects: ['$$instance', literal(pickDefined(edit.fields))] },
              })),
              default: '$$instance',
            },
          },
        },
      };
    }
    const hasNoInstances = { $eq: [{ $size: '$instances' }, 0] };
    for (const field of DATED_EXPENSE_FIELDS) {
      const own = update.tripFields?.[field];
      // The trip's own value changes only while it has no instances...
      const ownValue = own === undefined ? `$${field}` : { $cond: [hasNoInstances, literal(own), `$${field}`] };
      // ...and otherwise follows an edit of its committed instance.
      const committedEdits = edits.filter((edit) => edit.fields[field] !== undefined);
      set[field] = committedEdits.length
        ? {
            $switch: {
              branches: committedEdits.map((edit) => ({
                case: { $eq: ['$committedInstanceId', literal(edit._id)] },
                then: literal(edit.fields[field]),
              })),
              default: ownValue,
            },
          }
        : ownValue;
    }
    return [{ $set: set }];
  }

  return {
    async insert(trip) {
      await Trips.create(trip);
      return trip;
    },
    async findById(tripId) {
      return asTrip(await Trips.findById(tripId).lean());
    },
    async listByUser(userId, { favoritesOnly, limit, offset }) {
      const docs = await Trips.aggregate([
        { $match: favoritesOnly ? { user_id: userId, isFavorite: true } : { user_id: userId } },
        { $addFields: { _undated: { $cond: [{ $eq: [{ $ifNull: ['$trip_start', null] }, null] }, 1, 0] } } },
        { $sort: { _undated: 1, trip_start: 1, created_at: 1, _id: 1 } },
        { $skip: offset },
        { $limit: limit },
        { $project: { _undated: 0 } },
      ]);
      return docs.map((doc) => fromMongo<TripRecord>(doc));
    },
    async update(tripId, userId, update, now) {
      const ids = (update.instanceEdits ?? []).map((edit) => edit._id);
      const filter = { _id: tripId, user_id: userId, ...(ids.length ? { 'instances._id': { $all: ids } } : {}) };
      return asTrip(await Trips.findOneAndUpdate(filter, updatePipeline(update, now), PIPELINE));
    },
    async addInstance(tripId, userId, instance, maxInstances, now) {
      const doc = await Trips.findOneAndUpdate(
        { _id: tripId, user_id: userId, [`instances.${maxInstances - 1}`]: { $exists: false } },
        { $push: { instances: { $each: [instance], $position: 0 } }, $set: { updated_at: now } },
        AFTER,
      );
      return asTrip(doc);
    },
    async commitInstance(tripId, userId, instanceId, now) {
      const id = literal(instanceId);
      const target = '$_committing';
      const copied = Object.fromEntries(DATED_EXPENSE_FIELDS.map((field) => [field, `${target}.${field}`]));
      const doc = await Trips.findOneAndUpdate(
        { _id: tripId, user_id: userId, 'instances._id': instanceId },
        [
          {
            $set: { _committing: { $first: { $filter: { input: '$instances', cond: { $eq: ['$$this._id', id] } } } } },
          },
          {
            $set: {
              ...copied,
              committedInstanceId: id,
              instances: {
                $map: {
                  input: '$instances',
                  as: 'instance',
                  in: { $mergeObjects: ['$$instance', { isCommitted: { $eq: ['$$instance._id', id] } }] },
                },
              },
              updated_at: literal(now),
            },
          },
          { $unset: '_committing' },
        ],
        PIPELINE,
      );
      return asTrip(doc);
    },
    async removeInstance(tripId, userId, instanceId, now) {
      const id = literal(instanceId);
      const wasCommitted = { $eq: ['$committedInstanceId', id] };
      const cleared = Object.fromEntries(
        [...DATED_EXPENSE_FIELDS, 'committedInstanceId' as const].map((field) => [
          field,
          {
            $cond: [
              wasCommitted,
              literal(field === 'committedInstanceId' ? null : NO_DATES_OR_EXPENSES[field]),
              `$${field}`,
            ],
          },
        ]),
      );
      const doc = await Trips.findOneAndUpdate(
        { _id: tripId, user_id: userId, 'instances._id': instanceId },
        [
          {
            $set: {
              ...cleared,
              instances: { $filter: { input: '$instances', cond: { $ne: ['$$this._id', id] } } },
              updated_at: literal(now),
            },
          },
        ],
        PIPELINE,
      );
      return asTrip(doc);
    },
    async remove(tripId, userId) {
      const result = await Trips.deleteOne({ _id: tripId, user_id: userId });
      return result.deletedCount > 0;
    },
    async setFavorite(tripIds, userId, isFavorite, now) {
      const changed = await Promise.all(
        [...new Set(tripIds)].map((tripId) =>
          Trips.findOneAndUpdate(
            { _id: tripId, user_id: userId, isFavorite: { $ne: isFavorite } },
            { $set: { isFavorite, updated_at: now } },
            AFTER,
          ),
        ),
      );
      return changed.flatMap((doc) => (doc ? [fromMongo<TripRecord>(doc)] : []));
    },
    async removeAllOfUser(userId) {
      const result = await Trips.deleteMany({ user_id: { $eq: userId } });
      return result.deletedCount;
    },
    ping: () => pingMongo(connection),
    close: () => connection.close(),
  };
}
