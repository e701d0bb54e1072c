import { tutorialLevels, tutorialsTexts } from '@cutout/contracts';
import { Tabs, TabsContent, TabsList, TabsTrigger } from '../../../components/ui/tabs';
import { tutorialsFor } from '../content';
import { TutorialCard } from './tutorial-card';

/** Beginner, Intermediate, Advanced, API Tutorials (spec §2 Tutorials). */
export function TutorialTabs() {
  return (
    <Tabs defaultValue={tutorialLevels[0]}>
      <div className="-mx-4 overflow-x-auto px-4 pb-1 sm:mx-0 sm:px-0">
        <TabsList aria-label={tutorialsTexts.tabsLabel}>
          {tutorialLevels.map((level) => (
            <TabsTrigger key={level} value={level}>
              {tutorialsTexts.tabs[level]}
            </TabsTrigger>
          ))}
        </TabsList>
      </div>
      {tutorialLevels.map((level) => (
        <TabsContent key={level} value={level} className="mt-8">
          <h2 className="sr-only">{tutorialsTexts.tabs[level]}</h2>
          <ul className="grid gap-5 md:grid-cols-2 lg:grid-cols-3">
            {tutorialsFor(level).map((tutorial) => (
              <li key={tutorial.id}>
                <TutorialCard tutorial={tutorial} />
              </li>
            ))}
          </ul>
        </TabsContent>
      ))}
    </Tabs>
  );
}
