// Reply compression (docs/decisions.md K5): JSON and text replies of 1 KB or more go out as brotli or
// gzip, whichever the client prefers of the two. Brotli runs at quality 4, where it is about as fast as
// gzip: replies are made per request, and quality 11 costs a large menu tens of milliseconds of CPU.
// Left alone: replies that already carry a Content-Encoding (store/products' cached forms, precompressed
// assets) and the live-status event streams, which hijack their reply and are never buffered.
import { constants as zlibConstants } from 'node:zlib';
import type { FastifyCompressOptions } from '@fastify/compress';
import { COMPRESS_THRESHOLD_BYTES } from '../modules/catalog/catalog-cache';

export const replyCompression: FastifyCompressOptions = {
  global: true,
  threshold: COMPRESS_THRESHOLD_BYTES,
  encodings: ['br', 'gzip'],
  brotliOptions: { params: { [zlibConstants.BROTLI_PARAM_QUALITY]: 4 } },
};
