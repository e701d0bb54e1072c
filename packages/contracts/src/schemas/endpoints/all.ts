import { accountsEndpoints, apiKeysEndpoints, usersEndpoints } from './accounts.js';
import { adminEndpoints } from './admin.js';
import {
  backupsEndpoints,
  databaseConnectionsEndpoints,
  integrationsEndpoints,
} from './admin-settings.js';
import { contactEndpoints, errorReportsEndpoints, newsletterEndpoints } from './contact.js';
import { jobsEndpoints } from './jobs.js';
import { batchesEndpoints, pagesEndpoints } from './pages-and-batches.js';
import { adminPaymentsEndpoints, paymentsEndpoints } from './payments.js';
import { publicApiEndpoints } from './public-api.js';
import { samplesEndpoints } from './samples.js';

// Every endpoint contract, by server module: the server's test checks that each route it
// registers comes from one of these, and each of these is registered (decision 0220).
export const allEndpoints = {
  accounts: accountsEndpoints,
  admin: adminEndpoints,
  adminPayments: adminPaymentsEndpoints,
  apiKeys: apiKeysEndpoints,
  backups: backupsEndpoints,
  batches: batchesEndpoints,
  contact: contactEndpoints,
  databaseConnections: databaseConnectionsEndpoints,
  errorReports: errorReportsEndpoints,
  integrations: integrationsEndpoints,
  jobs: jobsEndpoints,
  newsletter: newsletterEndpoints,
  pages: pagesEndpoints,
  payments: paymentsEndpoints,
  publicApi: publicApiEndpoints,
  samples: samplesEndpoints,
  users: usersEndpoints,
};
