import * as z from 'zod/mini';
import { samplesApi } from '../../app-api-routes.js';
import { samplesResponseSchema } from '../jobs.js';
import { endpoint } from '../endpoint.js';

// samples: the editor's sample images (decision 0220). The image and its thumbnail are files.

const idParams = z.object({ id: z.string().check(z.minLength(1), z.maxLength(64)) });

export const samplesEndpoints = {
  list: endpoint(samplesApi.list, { responses: { 200: samplesResponseSchema } }),
  image: endpoint(samplesApi.image, { params: idParams }),
  thumbnail: endpoint(samplesApi.thumbnail, { params: idParams }),
};
