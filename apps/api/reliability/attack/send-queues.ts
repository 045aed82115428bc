import { endianness } from 'node:os';
import { tcpSockets } from '../../src/events/send-queues';

export interface SendQueues {
  /** Bytes in the kernel's send queues of the server's sockets (tx_queue: sent but not acknowledged, or not sent). */
  bytes: number;
  /** The server's sockets still ESTABLISHED with one of the client addresses asked about. */
  open: number;
}

/** An IPv4 address as /proc/net/tcp writes it: its 4 bytes in host order, in hex. */
function procAddress(ip: string): string {
  const bytes = ip.split('.').map(Number);
  if (endianness() === 'LE') bytes.reverse();
  return bytes
    .map((byte) => byte.toString(16).padStart(2, '0'))
    .join('')
    .toUpperCase();
}

/**
 * The server's side of its TCP connections, from the kernel (src/events/send-queues.ts): every socket whose
 * local port is `port`. A socket the server has closed with bytes still unsent stays listed (FIN_WAIT1, an
 * orphan) until the kernel gives up on it: its bytes count.
 */
export function sendQueues(port: number, clients: readonly string[]): SendQueues {
  const from = new Set(clients.map(procAddress));
  const queues: SendQueues = { bytes: 0, open: 0 };
  for (const socket of tcpSockets(port) ?? []) {
    queues.bytes += socket.unsent;
    if (socket.established && from.has(socket.peer)) queues.open += 1;
  }
  return queues;
}
