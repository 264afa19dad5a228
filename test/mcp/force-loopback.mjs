// Preloaded (node --import) into third-party test servers that listen on every interface: binds them to
// 127.0.0.1 instead. Binding to a named host is asynchronous in Node, and some servers read `address()`
// right after `listen(0)`, so port 0 is replaced by a port reserved here and `address()` reports it early.
import net from 'node:net';

const listen = net.Server.prototype.listen;
const address = net.Server.prototype.address;
const reserved = await Promise.all(
  Array.from(
    { length: 64 },
    () =>
      new Promise((resolve) => {
        const probe = net.createServer();
        probe.listen(0, '127.0.0.1', () => {
          const { port } = probe.address();
          probe.close(() => resolve(port));
        });
      }),
  ),
);
const pendingPorts = new WeakMap();

net.Server.prototype.listen = function (...args) {
  const port = args[0];
  if (typeof port === 'number' || (typeof port === 'string' && /^\d+$/.test(port))) {
    if (typeof args[1] !== 'string') {
      if (Number(port) === 0 && reserved.length > 0) args[0] = reserved.shift();
      args.splice(1, 0, '127.0.0.1');
      pendingPorts.set(this, Number(args[0]));
    }
  }
  return listen.apply(this, args);
};

net.Server.prototype.address = function () {
  const bound = address.call(this);
  const pending = pendingPorts.get(this);
  if (bound || pending === undefined) return bound;
  return { address: '127.0.0.1', family: 'IPv4', port: pending };
};
