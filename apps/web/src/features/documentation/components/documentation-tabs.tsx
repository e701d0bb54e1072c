import { documentationTexts } from '@cutout/contracts';
import type { ComponentType } from 'react';
import { Spinner } from '../../../components/ui/spinner';
import { Tabs, TabsContent, TabsList, TabsTrigger } from '../../../components/ui/tabs';
import { lazyModule, useLazyModule } from '../../../lib/lazy-module';
import { GettingStartedTab } from './getting-started-tab';

// Only Getting Started is on screen (and in the prerendered HTML) when the page opens: the other
// three tabs load when a person points at or focuses the tab list, not with the page
// (docs/decisions/0240).
const laterTabsModule = lazyModule(() => import('./later-tabs'));
const loadLaterTabs = () => void laterTabsModule.load().catch(() => undefined);

const tabs = [
  {
    value: 'getting-started',
    label: documentationTexts.tabs.gettingStarted,
    panel: 'GettingStartedTab',
  },
  { value: 'api-reference', label: documentationTexts.tabs.apiReference, panel: 'ApiReferenceTab' },
  { value: 'faq', label: documentationTexts.tabs.faq, panel: 'FaqTab' },
  { value: 'resources', label: documentationTexts.tabs.resources, panel: 'ResourcesTab' },
] as const;

/** Getting Started, API Reference, FAQ, Resources (spec §2 Documentation). */
export function DocumentationTabs() {
  const panels: Partial<Record<(typeof tabs)[number]['panel'], ComponentType>> = {
    GettingStartedTab,
    ...useLazyModule(laterTabsModule),
  };
  return (
    <Tabs defaultValue={tabs[0].value} onValueChange={loadLaterTabs}>
      <div className="-mx-4 overflow-x-auto px-4 pb-1 sm:mx-0 sm:px-0">
        <TabsList
          aria-label={documentationTexts.tabsLabel}
          onPointerEnter={loadLaterTabs}
          onFocus={loadLaterTabs}
        >
          {tabs.map((tab) => (
            <TabsTrigger key={tab.value} value={tab.value}>
              {tab.label}
            </TabsTrigger>
          ))}
        </TabsList>
      </div>
      {tabs.map(({ value, panel }) => {
        const Panel = panels[panel];
        return (
          <TabsContent key={value} value={value} className="mt-10">
            {Panel ? <Panel /> : <Spinner className="text-muted-foreground" />}
          </TabsContent>
        );
      })}
    </Tabs>
  );
}
