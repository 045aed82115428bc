import { readFileSync } from 'node:fs';
import { endianness } from 'node:os';

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
  return bytes.map((byte) => byte.toString(16).padStart(2, '0')).join('').toUpperCase();
}

/**
 * The server's side of its TCP connections, from the kernel (/proc/net/tcp and tcp6, this network
 * namespace): every socket whose local end is 127.0.0.1:`port`. A socket the server has closed with
 * bytes still unsent stays here (FIN_WAIT1, an orphan) until the kernel gives up on it: its bytes count.
 */
export function sendQueues(port: number, clients: readonly string[]): SendQueues {
  const local = `${procAddress('127.0.0.1')}:${port.toString(16).toUpperCase().padStart(4, '0')}`;
  const from = new Set(clients.map(procAddress));
  const queues: SendQueues = { bytes: 0, open: 0 };
  for (const file of ['/proc/net/tcp', '/proc/net/tcp6']) {
    let table: string;
    try {
      table = readFileSync(file, 'utf8');
    } catch {
      continue;
    }
    // sl local_address rem_address st tx_queue:rx_queue …, every number in hex.
    for (const line of table.split('\n').slice(1)) {
      const [, localAddress, remoteAddress, state, txRx] = line.trim().split(/\s+/);
      if (localAddress !== local || !remoteAddress || !txRx) continue;
      queues.bytes += parseInt(txRx.split(':')[0]!, 16);
      const ESTABLISHED = '01';
      if (state === ESTABLISHED && from.has(remoteAddress.split(':')[0]!)) queues.open += 1;
    }
  }
  return queues;
}
