// Copy of the API-keys section of /dashboard/settings that the spec does not quote.

export const apiKeysUiTexts = {
  title: 'API keys',
  description:
    'Keys let your programs use the API with your credits. Send one as Authorization: Bearer {key} or X-Api-Key: {key}.',
  docsLink: 'API documentation',
  name: 'Key name',
  namePlaceholder: 'e.g. Production server',
  create: 'Create Key',
  creating: 'Creating...',
  newKeyTitle: (name: string) => `Your new key "${name}"`,
  newKeyLabel: 'New API key',
  copy: 'Copy',
  copied: 'Copied',
  copyFailed: 'Could not copy to the clipboard. Select the key and copy it instead.',
  done: 'Done',
  empty: 'No API keys yet. Create one to start using the API.',
  loadFailed: 'Could not load your API keys.',
  columns: {
    name: 'Name',
    key: 'Key',
    created: 'Created',
    lastUsed: 'Last used',
    actions: 'Actions',
  },
  never: 'Never',
  revoke: 'Revoke',
  revokeTitle: (name: string) => `Revoke "${name}"?`,
  revokeDescription:
    'Programs using this key stop working at once. This cannot be undone; you can create a new key at any time.',
  revokeConfirm: 'Revoke key',
  revoking: 'Revoking...',
  cancel: 'Cancel',
  createFailed: 'Failed to create the API key',
  revokeFailed: 'Failed to revoke the API key',
} as const;
