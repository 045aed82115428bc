import { readFile } from 'node:fs/promises';

/** The kernel's TCP tables: one line a socket, `tx_queue:rx_queue` its fifth field (hexadecimal). */
const TABLES = ['/proc/net/tcp', '/proc/net/tcp6'];

/**
 * The bytes each of this host's TCP connections on `localPort` has sent and its peer has not taken (the
 * kernel's send queue), by the peer's port; null where the kernel does not say (not Linux). Node only
 * sees what the kernel would not take: a stalled peer on a fast link pins a megabyte or two of kernel
 * memory before a write of ours is ever held back, so a stalled live stream is found here. (Two peers of
 * the same port at different addresses share an entry, the larger queue: at worst one reconnects early.)
 */
export async function sendQueues(localPort: number): Promise<Map<number, number> | null> {
  let texts: string[];
  try {
    texts = await Promise.all(TABLES.map((file) => readFile(file, 'latin1').catch(() => '')));
  } catch {
    return null;
  }
  if (texts.every((text) => text === '')) return null;
  const queues = new Map<number, number>();
  for (const text of texts) {
    for (const line of text.split('\n')) {
      // "  12: 0100007F:1388 0100007F:D2F0 01 0001A000:00000000 …"
      const fields = line.trim().split(/\s+/, 5);
      if (fields.length < 5) continue;
      const local = fields[1]!;
      if (Number.parseInt(local.slice(local.lastIndexOf(':') + 1), 16) !== localPort) continue;
      const remote = fields[2]!;
      const peerPort = Number.parseInt(remote.slice(remote.lastIndexOf(':') + 1), 16);
      const unsent = Number.parseInt(fields[4]!.split(':')[0]!, 16);
      if (Number.isNaN(peerPort) || Number.isNaN(unsent)) continue;
      queues.set(peerPort, Math.max(queues.get(peerPort) ?? 0, unsent));
    }
  }
  return queues;
}
