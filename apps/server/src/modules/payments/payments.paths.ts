// The payments endpoints no web page calls (webhooks, the sandbox provider's pages, the
// operator's calls) now live in @cutout/contracts beside the rest (decision 0220).
export { paymentsServerPaths } from '@cutout/contracts';
