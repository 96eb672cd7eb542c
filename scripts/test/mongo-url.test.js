// `npm start` with MONGO_URL gives each service with a store its own database, named
// after it as the Helm chart names them: the URL's database path is replaced, and its
// credentials, hosts and options are kept.
const { mongoUrlFor } = require('../lib/mongo-url.cjs');

describe('the MONGO_URL of one service', () => {
  it.each([
    ['mongodb://localhost:27017', 'mongodb://localhost:27017/trips'],
    ['mongodb://localhost:27017/', 'mongodb://localhost:27017/trips'],
    ['mongodb://host/x?replicaSet=rs0&w=majority', 'mongodb://host/trips?replicaSet=rs0&w=majority'],
    [
      'mongodb://user:p%40ss@host:27018/old?authSource=admin',
      'mongodb://user:p%40ss@host:27018/trips?authSource=admin',
    ],
    ['mongodb://a:27017,b:27017,c:27017/shared?replicaSet=rs', 'mongodb://a:27017,b:27017,c:27017/trips?replicaSet=rs'],
    [
      'mongodb+srv://user:pw@cluster.example.net?retryWrites=true',
      'mongodb+srv://user:pw@cluster.example.net/trips?retryWrites=true',
    ],
    [
      'mongodb+srv://user:pw@cluster.example.net/{db}?retryWrites=true',
      'mongodb+srv://user:pw@cluster.example.net/trips?retryWrites=true',
    ],
  ])('when npm start is given %s, then trips gets %s', (given, expected) => {
    expect(mongoUrlFor(given, 'trips')).toBe(expected);
  });

  it('when the URL is not a MongoDB URL, then it is passed on unchanged (the service names the problem)', () => {
    expect(mongoUrlFor('localhost:27017', 'trips')).toBe('localhost:27017');
  });

  it('when two services are given one URL, then their databases differ', () => {
    const url = 'mongodb://127.0.0.1:27017/tripcost';
    expect(['auth', 'trips', 'wishlists'].map((name) => mongoUrlFor(url, name))).toEqual([
      'mongodb://127.0.0.1:27017/auth',
      'mongodb://127.0.0.1:27017/trips',
      'mongodb://127.0.0.1:27017/wishlists',
    ]);
  });
});
