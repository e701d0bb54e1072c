export * from './errors.js';
export * from './error-reports.js';
export * from './health.js';
export * from './limits.js';
export * from './paths.js';
export * from './plans.js';
export * from './session.js';
export * from './texts.js';
