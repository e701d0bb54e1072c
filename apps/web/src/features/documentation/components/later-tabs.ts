// The tabs a visitor has to choose, loaded together on intent (documentation-tabs.tsx).
export { ApiReferenceTab } from './api-reference-tab';
export { FaqTab } from './faq-tab';
export { ResourcesTab } from './resources-tab';
