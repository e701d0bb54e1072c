import { documentationTexts } from '@cutout/contracts';
import { Tabs, TabsContent, TabsList, TabsTrigger } from '../../../components/ui/tabs';
import { ApiReferenceTab } from './api-reference-tab';
import { FaqTab } from './faq-tab';
import { GettingStartedTab } from './getting-started-tab';
import { ResourcesTab } from './resources-tab';

const tabs = [
  {
    value: 'getting-started',
    label: documentationTexts.tabs.gettingStarted,
    Panel: GettingStartedTab,
  },
  { value: 'api-reference', label: documentationTexts.tabs.apiReference, Panel: ApiReferenceTab },
  { value: 'faq', label: documentationTexts.tabs.faq, Panel: FaqTab },
  { value: 'resources', label: documentationTexts.tabs.resources, Panel: ResourcesTab },
] as const;

/** Getting Started, API Reference, FAQ, Resources (spec §2 Documentation). */
export function DocumentationTabs() {
  return (
    <Tabs defaultValue={tabs[0].value}>
      <div className="-mx-4 overflow-x-auto px-4 pb-1 sm:mx-0 sm:px-0">
        <TabsList aria-label={documentationTexts.tabsLabel}>
          {tabs.map((tab) => (
            <TabsTrigger key={tab.value} value={tab.value}>
              {tab.label}
            </TabsTrigger>
          ))}
        </TabsList>
      </div>
      {tabs.map(({ value, Panel }) => (
        <TabsContent key={value} value={value} className="mt-10">
          <Panel />
        </TabsContent>
      ))}
    </Tabs>
  );
}
