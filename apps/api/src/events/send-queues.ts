import { readFileSync } from 'node:fs';

/** The kernel's TCP tables: one line a socket, every number in hexadecimal. */
const TABLES = ['/proc/net/tcp', '/proc/net/tcp6'];
const ESTABLISHED = '01';

/** One of this host's TCP sockets as the kernel lists it. */
export interface TcpSocket {
  /** The peer's address as the table writes it (hexadecimal, host byte order). */
  peer: string;
  peerPort: number;
  established: boolean;
  /** The send queue: bytes written and not yet taken by the peer (tx_queue). */
  unsent: number;
}

/**
 * The sockets whose local port is `localPort` (every address), from /proc/net/tcp and tcp6: null where the
 * kernel does not say (not Linux). A socket closed with bytes still unsent stays listed (an orphan) until
 * the kernel gives up on it, its bytes with it. The tables are small (~150 bytes a socket): read at once.
 */
export function tcpSockets(localPort: number): TcpSocket[] | null {
  const sockets: TcpSocket[] = [];
  let read = false;
  for (const file of TABLES) {
    let table: string;
    try {
      table = readFileSync(file, 'latin1');
      read = true;
    } catch {
      continue;
    }
    // "  12: 0100007F:1388 0100007F:D2F0 01 0001A000:00000000 …": sl local remote st tx_queue:rx_queue
    for (const line of table.split('\n')) {
      const [, local, remote, state, queues] = line.trim().split(/\s+/, 5);
      if (!local || !remote || !queues) continue;
      if (Number.parseInt(local.slice(local.lastIndexOf(':') + 1), 16) !== localPort) continue;
      const at = remote.lastIndexOf(':');
      const peerPort = Number.parseInt(remote.slice(at + 1), 16);
      const unsent = Number.parseInt(queues.split(':')[0]!, 16);
      if (Number.isNaN(peerPort) || Number.isNaN(unsent)) continue;
      sockets.push({ peer: remote.slice(0, at), peerPort, established: state === ESTABLISHED, unsent });
    }
  }
  return read ? sockets : null;
}

/**
 * The bytes each connection on `localPort` has sent and its peer has not taken, by the peer's port; null
 * where the kernel does not say. Node only sees what the kernel would not take: a stalled peer on a fast
 * link pins a megabyte or two of kernel memory before a write of ours is ever held back, so a stalled live
 * stream is found here. (Two peers of the same port at different addresses share an entry, the larger
 * queue: at worst one reconnects early.)
 */
export function sendQueues(localPort: number): Map<number, number> | null {
  const sockets = tcpSockets(localPort);
  if (!sockets) return null;
  const queues = new Map<number, number>();
  for (const { peerPort, unsent } of sockets) queues.set(peerPort, Math.max(queues.get(peerPort) ?? 0, unsent));
  return queues;
}
