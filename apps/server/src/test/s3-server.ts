import S3rver from 's3rver';
import { tempDir } from './test-app.js';

// A real S3-compatible server for tests (s3rver, keeping objects in a temporary directory),
// on loopback, stopped by the test. Its fixed credentials are S3RVER / S3RVER.

export interface TestS3 {
  /** STORAGE_URL for Cutout. */
  url: string;
  endpoint: string;
  bucket: string;
  directory: string;
  stop: () => Promise<void>;
}

export async function startTestS3(bucket = 'cutout-test'): Promise<TestS3> {
  const dir = tempDir('cutout-s3-');
  const server = new S3rver({
    address: '127.0.0.1',
    port: 0,
    silent: true,
    directory: dir.dir,
    configureBuckets: [{ name: bucket }],
  });
  const { port } = await server.run();
  const endpoint = `http://127.0.0.1:${port}`;
  return {
    url: `s3://S3RVER:S3RVER@${bucket}?endpoint=${encodeURIComponent(endpoint)}`,
    endpoint,
    bucket,
    directory: dir.dir,
    stop: async () => {
      await server.close();
      dir.remove();
    },
  };
}
