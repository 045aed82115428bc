import { AwsClient } from 'aws4fetch';
import { checkedName, type PhotoStore } from './photo-store';

/** An S3-compatible bucket's settings (PHOTOS_S3_*). */
export interface S3Settings {
  /** The service's address, e.g. https://s3.eu-west-1.amazonaws.com or http://minio:9000. */
  endpoint: string;
  bucket: string;
  region: string;
  accessKeyId: string;
  secretAccessKey: string;
}

/** How long one request to the bucket may take. */
const S3_TIMEOUT_MS = 15_000;

/**
 * Photos as objects of an S3-compatible bucket (AWS S3, MinIO, R2…), path-style (`<endpoint>/<bucket>/<name>`),
 * each request signed (Signature V4, aws4fetch). The bucket stays private: the app serves the photos itself.
 */
export function s3Photos(settings: S3Settings): PhotoStore {
  const client = new AwsClient({
    accessKeyId: settings.accessKeyId,
    secretAccessKey: settings.secretAccessKey,
    region: settings.region,
    service: 's3',
  });
  const base = `${settings.endpoint.replace(/\/+$/, '')}/${encodeURIComponent(settings.bucket)}/`;
  const send = async (method: string, name: string, body?: Buffer) => {
    const response = await client.fetch(base + checkedName(name), {
      method,
      body,
      headers: body ? { 'Content-Type': 'image/webp', 'Content-Length': String(body.length) } : {},
      signal: AbortSignal.timeout(S3_TIMEOUT_MS),
    });
    if (method === 'GET' && response.status === 404) {
      await response.body?.cancel();
      return null;
    }
    if (!response.ok) {
      const text = (await response.text()).slice(0, 300);
      throw new Error(`S3 ${method} ${name}: ${response.status} ${text}`);
    }
    return response;
  };
  return {
    where: `S3 bucket ${settings.bucket} at ${settings.endpoint}`,
    async put(files) {
      await Promise.all(files.map(async ({ name, bytes }) => (await send('PUT', name, bytes))?.body?.cancel()));
    },
    async get(name) {
      const response = await send('GET', name);
      return response ? Buffer.from(await response.arrayBuffer()) : null;
    },
    async remove(names) {
      await Promise.all(names.map(async (name) => (await send('DELETE', name))?.body?.cancel()));
    },
  };
}
