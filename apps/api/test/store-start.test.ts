import net from 'node:net';
import { MongoStartError, mongoHosts, openMongoStore } from '../src/store/mongo/mongo-store';

/**
 * How the MongoDB adapter fails to start when its server cannot be reached:
 * quickly, in one line, naming the host and never the password. Needs no
 * MongoDB (it is the case where there is none), so it runs in both projects.
 */
describe('opening the MongoDB store without a reachable server', () => {
  it('fails within a few seconds with one line naming the host, never the credentials', async () => {
    // A port that was free a moment ago: nothing listens there.
    const server = net.createServer();
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    const { port } = server.address() as net.AddressInfo;
    await new Promise((resolve) => server.close(resolve));

    const started = Date.now();
    const error: unknown = await openMongoStore(`mongodb://ada:s3cret-pass@127.0.0.1:${port}/?replicaSet=rs0`, 'x', {
      log: () => {},
      warn: () => {},
    }).then(
      () => new Error('expected the start to fail'),
      (failure: unknown) => failure,
    );
    expect(Date.now() - started).toBeLessThan(9000);
    expect(error).toBeInstanceOf(MongoStartError);
    const message = (error as Error).message;
    expect(message).toContain(`MongoDB at 127.0.0.1:${port}: cannot connect`);
    expect(message).toContain('MONGODB_URI');
    expect(message).not.toContain('s3cret-pass');
    expect(message).not.toContain('ada:');
    expect(message).not.toContain('\n');
  }, 20_000);

  it.each([
    ['mongodb://user:pw@db.example:27017/app?replicaSet=rs0', 'db.example:27017'],
    ['mongodb+srv://user:p%40ss@cluster0.example.net/?retryWrites=true', 'cluster0.example.net'],
    ['mongodb://a:1,b:2/?replicaSet=rs0', 'a:1,b:2'],
  ])('names the hosts of %s without its user or password', (uri, hosts) => {
    expect(mongoHosts(uri)).toBe(hosts);
  });
});
